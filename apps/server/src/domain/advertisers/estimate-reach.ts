import { type PricedTargeting, type ReachEstimate, roundReach } from '@quiz-points/shared';
import type { Executor } from '../../db/client.ts';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit.ts';
import { countReach } from './count-reach.ts';

/**
 * Estimates per account: enough for an advertiser ticking through the form (the browser asks once the
 * ticking pauses), too few to map small groups by comparing many nearly equal filters.
 */
export const REACH_ESTIMATE_LIMIT = { limit: 120, windowSeconds: 600 };

/**
 * About how many members an ad with this targeting would reach today: members as the delivery counts
 * them (`qp_is_member`: signup completed, 18 or over, not withdrawn), not suspended, matched by the
 * delivery's own rule, summed from the reach cells (countReach), so the estimate and the ad list can
 * never disagree. The count is rounded (`roundReach`): a small group's size is never told.
 */
export async function estimateReach(options: {
  db: Executor;
  /** Where the count reads (a lag-tolerant read: the replica's reader); the rate limit is a write on `db`. */
  reader?: Executor;
  advertiserId: string;
  targeting: PricedTargeting;
}): Promise<{ estimate: ReachEstimate }> {
  const { db, reader = db, targeting } = options;
  await consumeRateLimit(db, { key: `reach-estimate:user:${options.advertiserId}`, ...REACH_ESTIMATE_LIMIT });
  return { estimate: roundReach(await countReach({ db: reader, targeting })) };
}
