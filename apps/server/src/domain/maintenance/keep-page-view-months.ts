import { japanClock } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** Months made ahead of the current one: the job may stop for that long before a view waits in the default. */
export const PAGE_VIEW_MONTHS_AHEAD = 3;
/** PostgreSQL's lock_not_available: the functions' lock_timeout ran out behind a reader. */
const LOCK_NOT_AVAILABLE = '55P03';

export interface PageViewMonthsResult {
  /** Months (yyyy-mm) whose partition this run made. */
  created: string[];
  /** Months (yyyy-mm) whose partition this run dropped, past retention. */
  dropped: string[];
  /** Views moved from page_views_default into the partition made for their month. */
  moved: number;
  /** Views in page_views_default older than the months kept, deleted. */
  deleted: number;
  /** A step gave up waiting for a lock on page_views; the next run does it. */
  busy: boolean;
}

/** The first day (yyyy-mm-01) of the Japan-time month `offset` months from the one `at` falls in. */
function monthStart(at: Date, offset: number): string {
  const { year, month } = japanClock(at);
  const index = Number(year) * 12 + Number(month) - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** Whether a statement failed because it gave up waiting for a lock (drizzle wraps the driver's error). */
function isLockTimeout(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return code === LOCK_NOT_AVAILABLE || cause?.code === LOCK_NOT_AVAILABLE;
}

/**
 * Keeps page_views' month partitions (keep-page-view-months.sql): drops every month
 * wholly older than the `retentionMonths` months before the current one, makes the current month and
 * `monthsAhead` more, and moves any views that reached the default partition (their month had none:
 * the job did not run for months) into a partition of their own month, or deletes them when their
 * month is past retention. The SQL functions run as the
 * schema owner, since the servers' role may not create or drop tables; each takes one lock, so runs
 * on several instances follow one another and the second finds nothing to do.
 */
export async function keepPageViewMonths({
  db,
  now,
  retentionMonths,
  monthsAhead = PAGE_VIEW_MONTHS_AHEAD,
}: {
  db: Database;
  now: Date;
  retentionMonths: number;
  monthsAhead?: number;
}): Promise<PageViewMonthsResult> {
  const firstKept = monthStart(now, -retentionMonths);
  const current = monthStart(now, 0);
  const lastMade = monthStart(now, monthsAhead);
  const result: PageViewMonthsResult = { created: [], dropped: [], moved: 0, deleted: 0, busy: false };
  // Each step is a statement of its own, so one that gives up leaves the other's work done.
  try {
    const [row] = await queryRows<{ dropped: string[] }>(
      db,
      sql`select dropped from qp_drop_page_view_months(${firstKept}::date)`,
    );
    result.dropped = row?.dropped ?? [];
  } catch (error) {
    if (!isLockTimeout(error)) throw error;
    result.busy = true;
  }
  try {
    const [row] = await queryRows<{ created: string[]; moved: string | number; deleted: string | number }>(
      db,
      sql`select created, moved, deleted
        from qp_add_page_view_months(${firstKept}::date, ${current}::date, ${lastMade}::date)`,
    );
    result.created = row?.created ?? [];
    result.moved = Number(row?.moved ?? 0);
    result.deleted = Number(row?.deleted ?? 0);
  } catch (error) {
    if (!isLockTimeout(error)) throw error;
    result.busy = true;
  }
  return result;
}
