import { type PricedTargeting, type ReachEstimate, roundReach } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit.ts';

/**
 * Estimates per account: enough for an advertiser ticking through the form (the browser asks once the
 * ticking pauses), too few to map small groups by comparing many nearly equal filters.
 */
export const REACH_ESTIMATE_LIMIT = { limit: 120, windowSeconds: 600 };

/** A text[] argument, sent as one JSON parameter (drizzle spreads a plain array into several). */
const asTextArray = (values: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * Issue 17: about how many members an ad with this targeting would reach today. Members as the
 * delivery counts them (`qp_is_member`: signup completed, 18 or over, not withdrawn), not suspended,
 * matched by the delivery's own SQL rule (`qp_age_band` + `qp_ad_targets` for gender and age,
 * `qp_profile_targets` for the profile), so the estimate and the ad list can never disagree. The
 * count is rounded (`roundReach`): a small group's size is never told.
 */
export async function estimateReach(options: {
  db: Executor;
  /** Where the count reads (a lag-tolerant read: the replica's reader); the rate limit is a write on `db`. */
  reader?: Executor;
  advertiserId: string;
  targeting: PricedTargeting;
  now?: Date;
}): Promise<{ estimate: ReachEstimate }> {
  const { db, reader = db, targeting, now = new Date() } = options;
  await consumeRateLimit(db, { key: `reach-estimate:user:${options.advertiserId}`, ...REACH_ESTIMATE_LIMIT });
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ members: number }>(
    reader,
    sql`select count(*)::integer as members
        from users u
        where qp_is_member(u, ${at})
          and not u.banned
          and qp_ad_targets(${JSON.stringify(targeting.targetGender)}::jsonb,
                            ${JSON.stringify(targeting.targetAgeRange)}::jsonb,
                            u.gender, qp_age_band(u.birth_date, ${at}))
          and qp_profile_targets(${asTextArray(targeting.targetPrefectures)},
                                 ${asTextArray(targeting.targetOccupations)},
                                 ${asTextArray(targeting.targetIncomes)},
                                 ${asTextArray(targeting.targetMaritalStatuses)},
                                 ${asTextArray(targeting.targetChildren)}, u)`,
  );
  return { estimate: roundReach(row?.members ?? 0) };
}
