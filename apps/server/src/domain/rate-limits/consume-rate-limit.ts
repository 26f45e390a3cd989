import { DomainError } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

export interface RateLimitRule {
  /** What is limited and for whom, e.g. `materials:ip:127.0.0.1`. */
  key: string;
  limit: number;
  /** At most a day: the pruning job deletes rows whose window started more than a day ago. */
  windowSeconds: number;
}

/**
 * Counts one hit in a fixed window kept in the database (so it holds across app instances) and
 * answers whether it is within the limit: `qp_count_rate_limit_hit` (count-rate-limit-hit.sql),
 * the rule the hot statements apply too. One statement, so concurrent hits cannot both slip in.
 */
export async function countRateLimitHit(db: Executor, rule: RateLimitRule): Promise<boolean> {
  const [row] = await queryRows<{ within: boolean }>(
    db,
    sql`select qp_count_rate_limit_hit(${rule.key}, ${rule.limit}::integer, ${rule.windowSeconds}::integer) as within`,
  );
  return row?.within === true;
}

/** Counts one hit and refuses with RATE_LIMITED past the limit. */
export async function consumeRateLimit(db: Executor, rule: RateLimitRule): Promise<void> {
  if (!(await countRateLimitHit(db, rule))) throw new DomainError('RATE_LIMITED');
}
