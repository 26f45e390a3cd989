import {
  type AdminAdvertiserOverview,
  advertiserConsoleMessages,
  DomainError,
  japanIsoDate,
  suspensionActions,
} from '@quiz-points/shared';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { ads, advertiserBilling, authSessions, users } from '../../db/schema.ts';
import { listAdminActions } from '../admin-users/admin-audit.ts';
import { listInvoicesOfAdvertiser } from '../billing/list-invoices.ts';
import { adDeliveriesSince } from '../figures/ad-deliveries-since.ts';
import type { PersonRead } from '../user-row.ts';
import { advertiserSummaryFields, japanMonthStartOf, toAdvertiserSummary } from './advertiser-summary.ts';

/** Deliveries per ad of the advertiser, since a Japan-time day or over each ad's life (domain/figures). */
async function deliveriesOfAds(db: Database, advertiserId: string, since: string | null) {
  const rows = await queryRows<{ adId: string; deliveries: string | number }>(
    db,
    sql`select ad_id::text as "adId", deliveries from (${adDeliveriesSince({
      ads: sql`select id from ads where advertiser_id = ${advertiserId}`,
      since,
    })}) d`,
  );
  return new Map(rows.map((row) => [row.adId, Number(row.deliveries)]));
}

/**
 * One advertiser for the admin: the account (card, sessions, suspension), every ad with its holds
 * and deliveries, this Japan-time month's spend, the invoices (read here from `invoices`, newest
 * month first, as the advertiser's own list has them) and the suspension history. Anyone not an advertiser is "not found".
 */
export async function getAdvertiserOverview({
  db,
  userId,
  now = new Date(),
}: PersonRead): Promise<AdminAdvertiserOverview> {
  const monthStart = japanMonthStartOf(now);
  const [row] = await db
    .select(advertiserSummaryFields(monthStart))
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'advertiser')));
  if (!row || row.user.withdrawnAt) throw new DomainError('NOT_FOUND', advertiserConsoleMessages.notFound);

  const [adRows, lifetime, month, invoiceRows, [sessions], [billing], suspensions] = await Promise.all([
    db.select().from(ads).where(eq(ads.advertiserId, userId)).orderBy(desc(ads.createdAt), desc(ads.id)),
    deliveriesOfAds(db, userId, null),
    deliveriesOfAds(db, userId, japanIsoDate(monthStart)),
    listInvoicesOfAdvertiser(db, userId),
    // Live by the database's clock, as the session lookup decides it.
    db
      .select({ n: count() })
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, sql`now()`))),
    db
      .select({ brand: advertiserBilling.cardBrand, last4: advertiserBilling.cardLast4 })
      .from(advertiserBilling)
      .where(eq(advertiserBilling.userId, userId)),
    listAdminActions(db, { targetId: userId, actions: suspensionActions }),
  ]);

  return {
    advertiser: {
      ...toAdvertiserSummary(row),
      banReason: row.user.banReason,
      activeSessions: sessions?.n ?? 0,
      card: row.user.cardRegistered && billing ? billing : null,
    },
    monthStart: japanIsoDate(monthStart),
    ads: adRows.map((ad) => ({
      id: ad.id,
      adTitle: ad.adTitle,
      status: ad.status,
      isActive: ad.isActive,
      holds: ad.holds as AdminAdvertiserOverview['ads'][number]['holds'],
      deliveries: lifetime.get(ad.id) ?? 0,
      monthDeliveries: month.get(ad.id) ?? 0,
      maxDeliveries: ad.maxDeliveries,
      unitPrice: ad.unitPrice,
      createdAt: ad.createdAt.toISOString(),
    })),
    invoices: invoiceRows
      .slice(0, 120)
      .map(({ id, period, adTitle, deliveries, total, status, chargedAt }) => ({
        id,
        period,
        adTitle,
        deliveries,
        total,
        status,
        chargedAt: chargedAt?.toISOString() ?? null,
      })),
    suspensions,
  };
}
