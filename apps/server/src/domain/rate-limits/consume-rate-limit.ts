import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { DomainError } from '../../http/domain-error.ts';

export interface RateLimitRule {
  /** What is limited and for whom, e.g. `materials:ip:127.0.0.1`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one hit in a fixed window kept in the database (so it holds across app instances) and
 * refuses with RATE_LIMITED past the limit. One statement, so concurrent hits cannot both slip in.
 */
export async function consumeRateLimit(db: Executor, rule: RateLimitRule): Promise<void> {
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
  const hits = Number(row?.hits ?? 0);
  if (hits > rule.limit) throw new DomainError('RATE_LIMITED');
}
