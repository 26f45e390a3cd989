import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { ads } from '../../db/schema.ts';
import { adDeliveriesSince } from '../figures/ad-deliveries-since.ts';
import { type AdUsage, toAdvertiserAd } from './to-advertiser-ad.ts';

/** Each ad's deliveries and spend over its whole life (`ads` a query whose column `id` lists them). */
async function usageOf(db: Executor, adsQuery: SQL): Promise<Map<string, AdUsage>> {
  const rows = await queryRows<{ adId: string; deliveries: string | number; spend: string | number }>(
    db,
    sql`select ad_id::text as "adId", deliveries, spend from (${adDeliveriesSince({ ads: adsQuery, since: null })}) u`,
  );
  return new Map(
    rows.map((row) => [row.adId, { deliveryCount: Number(row.deliveries), spend: Number(row.spend) }]),
  );
}

const unused: AdUsage = { deliveryCount: 0, spend: 0 };

/**
 * ads-status: the advertiser's own ads, newest first, with their deliveries and what they cost so far
 * (the ads' figures: one totals row per ad and today's deliveries, domain/figures).
 */
export async function listAdvertiserAds(options: { db: Executor; advertiserId: string }) {
  const { db, advertiserId } = options;
  const [rows, usage] = await Promise.all([
    db
      .select()
      .from(ads)
      .where(eq(ads.advertiserId, advertiserId))
      .orderBy(desc(ads.createdAt), desc(ads.id)),
    usageOf(db, sql`select id from ads where advertiser_id = ${advertiserId}`),
  ]);
  return rows.map((ad) => toAdvertiserAd(ad, usage.get(ad.id) ?? unused));
}

/** One ad's deliveries so far and what they cost, before tax. */
export async function adUsage(db: Executor, adId: string): Promise<AdUsage> {
  const usage = await usageOf(db, sql`select ${adId}::uuid as id`);
  return usage.get(adId) ?? unused;
}

/**
 * Every slot of an ad (its delivery slots, then its day slots) locked, before its row: a cap or daily
 * budget change, a pause or an end meets no click half-way.
 */
export async function lockAdSlots(tx: Executor, adId: string) {
  await tx.execute(sql`select qp_lock_ad_slots(${adId}::uuid)`);
}
