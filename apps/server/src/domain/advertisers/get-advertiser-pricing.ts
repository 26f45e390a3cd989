import type { PricingView } from '@quiz-points/shared';
import type { Executor } from '../../db/client.ts';
import { readPricing } from './read-pricing.ts';

/**
 * The pricing the ad form prices with: the config in force, or, for the admin, 0 throughout (the
 * admin's house ads are free; submittedAdValues stores them at 0 the same way).
 */
export async function getAdvertiserPricing(options: {
  db: Executor;
  isAdmin: boolean;
}): Promise<PricingView> {
  const { isAdmin } = options;
  const pricing = await readPricing(options.db);
  return isAdmin
    ? { ...pricing, baseFee: 0, extraTargetingFee: 0, userReward: 0, isAdmin }
    : { ...pricing, isAdmin };
}
