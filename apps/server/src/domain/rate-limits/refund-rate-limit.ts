import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** Takes back one hit counted up front for an attempt that turned out not to count (a right password). */
export async function refundRateLimit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set hits = hits - 1 where key = ${key} and hits > 0`);
}
