import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

export interface BackoffRule {
  /** Whose attempts are counted, e.g. `advertiser-sign-in:pair:<ip> <email>`. */
  key: string;
  /** Attempts that go ahead without waiting. */
  freeAttempts: number;
  /** Past the free attempts the wait doubles from 1 s with each counted attempt, up to this. */
  maxDelaySeconds: number;
  /** A key left alone this long starts again from nothing (at most a day, like every window). */
  forgetAfterSeconds: number;
}

/**
 * Counts one attempt for `key`, unless the key must still wait: after `freeAttempts` counted
 * attempts, the next one must wait 1 s after the last, then 2 s, 4 s … up to `maxDelaySeconds`.
 * Returns 0 when the attempt was counted and may go ahead, else the seconds left to wait (nothing is
 * counted then). The count lives in `rate_limits` (`hits`, and `window_started_at` = the last counted
 * attempt), read and written by one statement under the row's lock, so attempts racing over many
 * instances cannot pass a wait together.
 */
export async function consumeBackoff(db: Executor, rule: BackoffRule): Promise<number> {
  // The exponent is capped so a long-running attacker's count cannot overflow power().
  const delay = sql`case when rate_limits.hits < ${rule.freeAttempts} then 0
    else least(power(2, least(rate_limits.hits - ${rule.freeAttempts}, 30)), ${rule.maxDelaySeconds}) end`;
  const counted = await queryRows<{ hits: number }>(
    db,
    sql`
    insert into rate_limits (key, window_started_at, hits) values (${rule.key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_started_at <= now() - make_interval(secs => ${rule.forgetAfterSeconds})
                  then 1 else rate_limits.hits + 1 end,
      window_started_at = now()
    where rate_limits.window_started_at <= now() - make_interval(secs => ${delay})
    returning hits`,
  );
  if (counted.length > 0) return 0;
  const [left] = await queryRows<{ seconds: string | number | null }>(
    db,
    sql`select ceil(extract(epoch from window_started_at + make_interval(secs => ${delay}) - now())) as seconds
      from rate_limits where key = ${rule.key}`,
  );
  return Math.max(1, Number(left?.seconds ?? 1));
}
