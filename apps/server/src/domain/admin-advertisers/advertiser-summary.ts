import {
  type AdminAdvertiserSummary,
  japanIsoDate,
  japanMonthKey,
  japanMonthRange,
} from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { adDeliveriesSince } from '../figures/ad-deliveries-since.ts';

/** The first instant of the Japan-time month `now` falls in: month-to-date spend counts from it. */
export const japanMonthStartOf = (now: Date) => japanMonthRange(japanMonthKey(now)).start;

// Written out by name: a select from one table leaves its columns unqualified, which a correlated
// subquery over ads would take for its own.
/** An advertiser's ads: all of them, or those that deliver now (approved, active, no hold). */
const adCount = (delivering: boolean) => sql<number>`(
  select count(*)::int from ads
  where ads.advertiser_id = users.id
    ${delivering ? sql`and ads.status = 'approved' and ads.is_active and cardinality(ads.holds) = 0` : sql``})`;

/**
 * What the advertiser's deliveries since `monthStart` cost, at the price each was charged (yen, before
 * tax): the month's rolled-up days of their ads and the open days live (domain/figures).
 */
const monthSpend = (monthStart: Date) => sql<number>`(
  select coalesce(sum(month.spend), 0)::int
  from (${adDeliveriesSince({
    ads: sql`select id from ads where ads.advertiser_id = users.id`,
    since: japanIsoDate(monthStart),
  })}) month)`;

/** The columns of an advertiser's line in the admin's list, selected from `users`. */
export const advertiserSummaryFields = (monthStart: Date) => ({
  user: users,
  ads: adCount(false),
  deliveringAds: adCount(true),
  monthSpend: monthSpend(monthStart),
});

type SummaryRow = {
  user: typeof users.$inferSelect;
  ads: number;
  deliveringAds: number;
  monthSpend: number;
};

export function toAdvertiserSummary({
  user,
  ads,
  deliveringAds,
  monthSpend,
}: SummaryRow): AdminAdvertiserSummary {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName ?? user.name,
    companyName: user.companyName,
    isSuspended: user.banned,
    cardRegistered: user.cardRegistered,
    ads: Number(ads),
    deliveringAds: Number(deliveringAds),
    monthSpend: Number(monthSpend),
    createdAt: user.createdAt.toISOString(),
  };
}
