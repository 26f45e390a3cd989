import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adDeliveries, ads } from '../../db/schema.ts';
import { toAdvertiserAd } from './to-advertiser-ad.ts';

const spendByAd = (db: Executor) =>
  db
    .select({ adId: adDeliveries.adId, spend: sql<number>`sum(${adDeliveries.unitPrice})::int`.as('spend') })
    .from(adDeliveries)
    .groupBy(adDeliveries.adId)
    .as('spend_by_ad');

/** ads-status: the advertiser's own ads, newest first, with what they have cost so far (before tax). */
export async function listAdvertiserAds(options: { db: Executor; advertiserId: string }) {
  const spend = spendByAd(options.db);
  const rows = await options.db
    .select({ ad: ads, spend: spend.spend })
    .from(ads)
    .leftJoin(spend, eq(spend.adId, ads.id))
    .where(eq(ads.advertiserId, options.advertiserId))
    .orderBy(desc(ads.createdAt), desc(ads.id));
  return rows.map((row) => toAdvertiserAd(row.ad, Number(row.spend ?? 0)));
}

/** What one ad has cost so far, before tax. */
export async function adSpend(db: Executor, adId: string): Promise<number> {
  const [row] = await db
    .select({ spend: sql<number>`coalesce(sum(${adDeliveries.unitPrice}), 0)::int` })
    .from(adDeliveries)
    .where(eq(adDeliveries.adId, adId));
  return Number(row?.spend ?? 0);
}
