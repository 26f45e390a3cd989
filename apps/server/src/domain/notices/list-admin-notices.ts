import type { AdminNotice } from '@quiz-points/shared';
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notices } from '../../db/schema.ts';

/** Years of notices at the pace an operator posts them; the page never needs more at once. */
const ADMIN_NOTICE_LIMIT = 200;

/**
 * Every notice, the newest posted first, whether shown yet or not, with how many people read it (kept
 * on the notice by notice_reads' triggers, notice-reads.sql, rather than counted here).
 */
export async function listAdminNotices({ db }: { db: Database }): Promise<AdminNotice[]> {
  const { id, title, body, startsOn, endsOn, readCount: reads, createdAt, updatedAt } = notices;
  const rows = await db
    .select({ id, title, body, startsOn, endsOn, reads, createdAt, updatedAt })
    .from(notices)
    .orderBy(desc(createdAt), desc(id))
    .limit(ADMIN_NOTICE_LIMIT);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
