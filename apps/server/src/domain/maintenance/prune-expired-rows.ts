import { inArray, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { authSessions, authVerifications, pageViews, rateLimits } from '../../db/schema.ts';

/**
 * Page views are kept 400 days: the dashboard reads at most the last 90, and a year and a bit lets
 * the operator compare a day with the same day last year straight from the database.
 */
export const PAGE_VIEW_RETENTION_DAYS = 400;
/** No rate-limit window or failure memory lasts longer than a day, so an older row counts nothing. */
const RATE_LIMIT_RETENTION_SECONDS = 86_400;
/** Rows per delete statement: a big backlog goes in many short statements, never one long lock. */
const PRUNE_BATCH_SIZE = 1000;

export interface PruneResult {
  verifications: number;
  sessions: number;
  rateLimits: number;
  pageViews: number;
}

/**
 * Deletes what nobody reads any more: expired sign-in states and one-time tokens, expired sessions,
 * rate-limit rows whose window is long over, and page views past their retention. Idempotent and
 * safe with several runs at once: each batch locks its rows with `skip locked`, so concurrent runs
 * take different rows and never wait on or fail over each other.
 */
export async function pruneExpiredRows({
  db,
  now = new Date(),
  batchSize = PRUNE_BATCH_SIZE,
}: {
  db: Database;
  now?: Date;
  batchSize?: number;
}): Promise<PruneResult> {
  const rateLimitCutoff = new Date(now.getTime() - RATE_LIMIT_RETENTION_SECONDS * 1000);
  const pageViewCutoff = new Date(now.getTime() - PAGE_VIEW_RETENTION_DAYS * 86_400_000);
  const prune = (table: PgTable, key: PgColumn, expired: SQL) =>
    deleteInBatches(db, table, key, expired, batchSize);
  return {
    verifications: await prune(authVerifications, authVerifications.id, lt(authVerifications.expiresAt, now)),
    sessions: await prune(authSessions, authSessions.id, lt(authSessions.expiresAt, now)),
    rateLimits: await prune(rateLimits, rateLimits.key, lt(rateLimits.windowStartedAt, rateLimitCutoff)),
    pageViews: await prune(pageViews, pageViews.id, lt(pageViews.viewedAt, pageViewCutoff)),
  };
}

async function deleteInBatches(
  db: Database,
  table: PgTable,
  key: PgColumn,
  expired: SQL,
  batchSize: number,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = db
      .select({ key })
      .from(table)
      .where(expired)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await db.delete(table).where(inArray(key, batch)).returning({ key });
    deleted += rows.length;
    if (rows.length < batchSize) return deleted;
  }
}
