import { and, asc, gte, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { authSessions, authVerifications, devOutbox, devSmsOutbox, rateLimits } from '../../db/schema.ts';
import { keepPageViewMonths, type PageViewMonthsResult } from './keep-page-view-months.ts';

/** No rate-limit window or failure memory lasts longer than a day, so an older row counts nothing. */
const RATE_LIMIT_RETENTION_SECONDS = 86_400;
/** Captured mail and SMS (development, tests, the scale bench) are read within minutes of sending. */
const DEV_OUTBOX_RETENTION_DAYS = 7;
/** Rows per delete statement: a big backlog goes in many short statements, never one long lock. */
const PRUNE_BATCH_SIZE = 1000;

export interface PruneResult {
  verifications: number;
  sessions: number;
  rateLimits: number;
  devOutbox: number;
  devSmsOutbox: number;
  pageViewMonths: PageViewMonthsResult;
}

/**
 * Deletes what nobody reads any more: expired sign-in states and one-time tokens, expired sessions,
 * rate-limit rows whose window is long over, week-old captured mail and SMS, and page views' months
 * past their retention (keepPageViewMonths, which also makes the coming months). Each delete finds
 * its rows through an index on the expiry time (migrations/0016_page_view_partitions.sql), so a run
 * costs what it deletes, not the table's size. Idempotent and safe with several runs at once: each
 * batch locks its rows with `skip locked`, so concurrent runs take different rows and never wait on
 * or fail over each other.
 */
export async function pruneExpiredRows({
  db,
  now = new Date(),
  pageViewRetentionMonths,
  batchSize = PRUNE_BATCH_SIZE,
}: {
  db: Database;
  now?: Date;
  /** PAGE_VIEW_RETENTION_MONTHS (config.ts). */
  pageViewRetentionMonths: number;
  batchSize?: number;
}): Promise<PruneResult> {
  const rateLimitCutoff = new Date(now.getTime() - RATE_LIMIT_RETENTION_SECONDS * 1000);
  const outboxCutoff = new Date(now.getTime() - DEV_OUTBOX_RETENTION_DAYS * 86_400_000);
  const prune = (table: PgTable, key: PgColumn, time: PgColumn, before: Date) =>
    deleteInBatches({ db, table, key, time, before, batchSize });
  return {
    verifications: await prune(authVerifications, authVerifications.id, authVerifications.expiresAt, now),
    sessions: await prune(authSessions, authSessions.id, authSessions.expiresAt, now),
    rateLimits: await prune(rateLimits, rateLimits.key, rateLimits.windowStartedAt, rateLimitCutoff),
    devOutbox: await prune(devOutbox, devOutbox.id, devOutbox.sentAt, outboxCutoff),
    devSmsOutbox: await prune(devSmsOutbox, devSmsOutbox.id, devSmsOutbox.sentAt, outboxCutoff),
    pageViewMonths: await keepPageViewMonths({ db, now, retentionMonths: pageViewRetentionMonths }),
  };
}

/**
 * Deletes the rows whose `time` is before `before`, oldest first, `batchSize` at a time. The order
 * keeps the batch on the time index (without it the planner may read the table from its start,
 * expecting expired rows everywhere when they sit at the end); each batch starts at the time the
 * last one reached, so it does not step again over the index entries of the rows already deleted
 * (a backlog costs its size, not its square); `= any(array(…))` keeps the delete on the key's
 * index (`in (…)` may become a hash join over the whole table).
 */
async function deleteInBatches({
  db,
  table,
  key,
  time,
  before,
  batchSize,
}: {
  db: Database;
  table: PgTable;
  key: PgColumn;
  time: PgColumn;
  before: Date;
  batchSize: number;
}): Promise<number> {
  let deleted = 0;
  let from: Date | undefined;
  for (;;) {
    const batch = db
      .select({ key })
      .from(table)
      .where(and(lt(time, before), from ? gte(time, from) : undefined))
      .orderBy(asc(time))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await db.delete(table).where(sql`${key} = any(array(${batch}))`).returning({ time });
    deleted += rows.length;
    if (rows.length < batchSize) return deleted;
    for (const row of rows) if (row.time instanceof Date && !(from && from >= row.time)) from = row.time;
  }
}
