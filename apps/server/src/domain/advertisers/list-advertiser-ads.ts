import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adDeliveries, ads } from '../../db/schema.ts';
import { type AdUsage, toAdvertiserAd } from './to-advertiser-ad.ts';

const usageByAd = (db: Executor) =>
  db
    .select({
      adId: adDeliveries.adId,
      deliveryCount: sql<number>`count(*)::int`.as('delivery_count'),
      spend: sql<number>`sum(${adDeliveries.unitPrice})::int`.as('spend'),
    })
    .from(adDeliveries)
    .groupBy(adDeliveries.adId)
    .as('usage_by_ad');

/** ads-status: the advertiser's own ads, newest first, with their deliveries and what they cost so far. */
export async function listAdvertiserAds(options: { db: Executor; advertiserId: string }) {
  const usage = usageByAd(options.db);
  const rows = await options.db
    .select({ ad: ads, deliveryCount: usage.deliveryCount, spend: usage.spend })
    .from(ads)
    .leftJoin(usage, eq(usage.adId, ads.id))
    .where(eq(ads.advertiserId, options.advertiserId))
    .orderBy(desc(ads.createdAt), desc(ads.id));
  return rows.map((row) =>
    toAdvertiserAd(row.ad, { deliveryCount: Number(row.deliveryCount ?? 0), spend: Number(row.spend ?? 0) }),
  );
}

/** One ad's deliveries so far and what they cost, before tax. */
export async function adUsage(db: Executor, adId: string): Promise<AdUsage> {
  const [row] = await db
    .select({
      deliveryCount: sql<number>`count(*)::int`,
      spend: sql<number>`coalesce(sum(${adDeliveries.unitPrice}), 0)::int`,
    })
    .from(adDeliveries)
    .where(eq(adDeliveries.adId, adId));
  return { deliveryCount: Number(row?.deliveryCount ?? 0), spend: Number(row?.spend ?? 0) };
}

/** Every slot of an ad locked, before its row: a cap change or an end meets no click half-way. */
export async function lockAdSlots(tx: Executor, adId: string) {
  await tx.execute(sql`select qp_lock_ad_slots(${adId}::uuid)`);
}
