import {
  japanMonthKey,
  japanMonthRange,
  POINT_HISTORY_PAGE_SIZE,
  type PointHistoryEntry,
  type PointHistoryMonth,
  type PointHistoryPage,
  type PointHistoryQuery,
} from '@quiz-points/shared';
import { and, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { japanMonth } from '../../db/japan-time-sql.ts';
import { afterCursor, type Keyset, newestFirst, toPage } from '../../db/keyset-page.ts';
import { pointTransactions } from '../../db/schema.ts';

const ledger = pointTransactions;
const passbook: Keyset = { table: ledger, at: ledger.createdAt, id: ledger.id, owner: ledger.userId };

/**
 * The user's passbook, newest first, one page at a time, keyset-paged over the ledger's index
 * (user_id, created_at desc, id desc); the cursor is the last entry's id. Filters: `kind` (gain:
 * points > 0, use: < 0) and `month` (a Japan-time month). With the page come the totals of the
 * months it shows.
 */
export async function listPointHistory(
  options: PointHistoryQuery & { db: Database; userId: string; limit?: number },
): Promise<PointHistoryPage> {
  const { db, userId, cursor, kind, month, limit = POINT_HISTORY_PAGE_SIZE } = options;
  const conditions: (SQL | undefined)[] = [eq(ledger.userId, userId)];
  if (kind === 'gain') conditions.push(gt(ledger.points, 0));
  if (kind === 'use') conditions.push(lt(ledger.points, 0));
  if (month) {
    const { start, end } = japanMonthRange(month);
    conditions.push(gte(ledger.createdAt, start), lt(ledger.createdAt, end));
  }
  if (cursor) conditions.push(afterCursor(passbook, userId, cursor));
  const rows = await db
    .select({ id: ledger.id, points: ledger.points, memo: ledger.memo, createdAt: ledger.createdAt })
    .from(ledger)
    .where(and(...conditions))
    .orderBy(...newestFirst(passbook))
    .limit(limit + 1);
  const { page, nextCursor } = toPage(rows, limit, (row) => row.id);
  const entries = page.map((row): PointHistoryEntry => ({ ...row, createdAt: row.createdAt.toISOString() }));
  const shownMonths = new Set(page.map((row) => japanMonthKey(row.createdAt)));
  if (month) shownMonths.add(month);
  return {
    entries,
    nextCursor,
    months: await monthTotals(db, userId, [...shownMonths]),
  };
}

/**
 * Each month's gains, uses and net over all its entries: one range of the same index, from the
 * oldest month's start to the newest's end, grouped by Japan-time month.
 */
async function monthTotals(db: Database, userId: string, months: string[]): Promise<PointHistoryMonth[]> {
  if (months.length === 0) return [];
  const newestFirst = months.sort().reverse();
  const month = japanMonth(sql`${ledger.createdAt}`);
  const rows = await db
    .select({
      month: sql<string>`${month}`,
      gained: sql<number>`coalesce(sum(${ledger.points}) filter (where ${ledger.points} > 0), 0)::float8`,
      used: sql<number>`coalesce(-sum(${ledger.points}) filter (where ${ledger.points} < 0), 0)::float8`,
    })
    .from(ledger)
    .where(
      and(
        eq(ledger.userId, userId),
        gte(ledger.createdAt, japanMonthRange(newestFirst.at(-1)!).start),
        lt(ledger.createdAt, japanMonthRange(newestFirst[0]!).end),
      ),
    )
    .groupBy(month);
  const totals = new Map(rows.map((row) => [row.month, row]));
  return newestFirst.map((key) => {
    const { gained = 0, used = 0 } = totals.get(key) ?? {};
    return { month: key, gained, used, net: gained - used };
  });
}
