import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { DomainError } from '../../http/domain-error.ts';

export interface RateLimitRule {
  /** What is limited and for whom, e.g. `materials:ip:127.0.0.1`. */
  key: string;
  limit: number;
  /** At most a day: the pruning job deletes rows whose window started more than a day ago. */
  windowSeconds: number;
}

/**
 * Counts one hit in a fixed window kept in the database (so it holds across app instances) and
 * answers whether it is within the limit. One statement, so concurrent hits cannot both slip in.
 */
export async function countRateLimitHit(db: Executor, rule: RateLimitRule): Promise<boolean> {
  const [row] = await queryRows<{ hits: number }>(
    db,
    sql`
    insert into rate_limits (key, window_started_at, hits) values (${rule.key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_started_at <= now() - make_interval(secs => ${rule.windowSeconds})
                  then 1 else rate_limits.hits + 1 end,
      window_started_at = case when rate_limits.window_started_at <= now() - make_interval(secs => ${rule.windowSeconds})
                  then now() else rate_limits.window_started_at end
    returning hits`,
  );
  return Number(row?.hits ?? 0) <= rule.limit;
}

/** Counts one hit and refuses with RATE_LIMITED past the limit. */
export async function consumeRateLimit(db: Executor, rule: RateLimitRule): Promise<void> {
  if (!(await countRateLimitHit(db, rule))) throw new DomainError('RATE_LIMITED');
}
