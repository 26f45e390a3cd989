import type { PointHistoryEntry } from '@quiz-points/shared';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pointTransactions } from '../../db/schema.ts';

/** The user's passbook, newest first, a page at a time (`before` is the last id seen). */
export async function listPointHistory(options: {
  db: Database;
  userId: string;
  before?: number;
  limit?: number;
}) {
  const { db, userId, before, limit = 50 } = options;
  const rows = await db
    .select()
    .from(pointTransactions)
    .where(and(eq(pointTransactions.userId, userId), before ? lt(pointTransactions.id, before) : undefined))
    .orderBy(desc(pointTransactions.id))
    .limit(limit);
  return rows.map(
    (row): PointHistoryEntry => ({
      id: row.id,
      points: row.points,
      memo: row.memo,
      createdAt: row.createdAt.toISOString(),
    }),
  );
}
