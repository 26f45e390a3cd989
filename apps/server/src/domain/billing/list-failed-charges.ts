import type { AdminFailedCharge, OwnFailedCharge } from '@quiz-points/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ads, invoices, users } from '../../db/schema.ts';

/** When an invoice failed (failed_at; created_at for one that failed before it was recorded). */
const failedAt = sql<Date>`coalesce(${invoices.failedAt}, ${invoices.createdAt})`.mapWith(invoices.createdAt);

/** Every invoice that failed to charge, oldest failure first: the admin's list. */
export async function listFailedCharges(db: Executor): Promise<{ failedCharges: AdminFailedCharge[] }> {
  const rows = await db
    .select({
      invoiceId: invoices.id,
      advertiserId: invoices.advertiserId,
      advertiserName: sql<string>`coalesce(${users.displayName}, ${users.name}, '')`,
      advertiserEmail: users.email,
      adId: invoices.adId,
      adTitle: ads.adTitle,
      period: invoices.period,
      total: invoices.total,
      failureReason: invoices.failureReason,
      attempts: invoices.chargeAttempts,
      failedAt,
      cardRegistered: users.cardRegistered,
    })
    .from(invoices)
    .innerJoin(ads, eq(ads.id, invoices.adId))
    .innerJoin(users, eq(users.id, invoices.advertiserId))
    .where(eq(invoices.status, 'failed'))
    .orderBy(asc(failedAt), asc(invoices.id))
    .limit(500);
  return { failedCharges: rows.map((row) => ({ ...row, failedAt: row.failedAt.toISOString() })) };
}

/** The signed-in advertiser's invoices that failed to charge (the console's banner). */
export async function listOwnFailedCharges(
  db: Executor,
  advertiserId: string,
): Promise<{ failedCharges: OwnFailedCharge[] }> {
  const rows = await db
    .select({
      invoiceId: invoices.id,
      adTitle: ads.adTitle,
      period: invoices.period,
      total: invoices.total,
      failedAt,
    })
    .from(invoices)
    .innerJoin(ads, eq(ads.id, invoices.adId))
    .where(and(eq(invoices.advertiserId, advertiserId), eq(invoices.status, 'failed')))
    .orderBy(asc(invoices.period), asc(invoices.id));
  return { failedCharges: rows.map((row) => ({ ...row, failedAt: row.failedAt.toISOString() })) };
}
