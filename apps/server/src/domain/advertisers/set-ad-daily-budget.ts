import { type DailyBudgetBody, DomainError, dailyBudgetProblem } from '@quiz-points/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads } from '../../db/schema.ts';
import { adUsage, lockAdSlots } from './list-advertiser-ads.ts';
import { type AdOwner, lockOwnedAd } from './owned-ad.ts';
import { toAdvertiserAd } from './to-advertiser-ad.ts';

/**
 * The owner sets, changes or removes (null) an ad's daily budget, whatever its state; not
 * above its cap (1日の配信上限数は配信上限数以下にしてください。). On an approved ad the change holds every
 * slot first, as ending and raising do, so no click is half-way: today's deliveries (Japan time, `now`'s
 * day) count against the new budget at once, and an ad already past it delivers no more today
 * (qp_set_ad_daily_budget, ../ads/ad-delivery.sql). Setting the budget it has changes nothing.
 */
export async function setAdDailyBudget(options: {
  db: Database;
  owner: AdOwner;
  adId: string;
  input: DailyBudgetBody;
  now?: Date;
}) {
  const { db, owner, adId, now = new Date() } = options;
  const { dailyBudget } = options.input;
  return db.transaction(async (tx) => {
    await lockAdSlots(tx, adId);
    const current = await lockOwnedAd(tx, adId, owner);
    const problem = dailyBudgetProblem({ dailyBudget, maxDeliveries: current.maxDeliveries });
    if (problem) throw new DomainError('VALIDATION', problem.message);
    if (current.dailyBudget !== dailyBudget) {
      await tx.execute(
        sql`select qp_set_ad_daily_budget(${adId}::uuid, ${dailyBudget}::integer, ${now.toISOString()}::timestamptz)`,
      );
    }
    const [ad] = await tx.select().from(ads).where(eq(ads.id, adId));
    return { ad: toAdvertiserAd(ad!, await adUsage(tx, adId)) };
  });
}
