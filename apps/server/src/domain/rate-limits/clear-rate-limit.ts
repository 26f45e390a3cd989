import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

/** Forgets everything counted for a key (a right password clears its failures). */
export async function clearRateLimit(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
