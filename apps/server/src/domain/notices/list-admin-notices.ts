import type { AdminNotice } from '@quiz-points/shared';
import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notices } from '../../db/schema.ts';

/** Years of notices at the pace an operator posts them; the page never needs more at once. */
const ADMIN_NOTICE_LIMIT = 200;

/** Every notice, the newest posted first, whether shown yet or not, with how many people read it. */
export async function listAdminNotices({ db }: { db: Database }): Promise<AdminNotice[]> {
  const rows = await db
    .select({
      notice: notices,
      reads: sql<number>`(select count(*)::int from notice_reads r where r.notice_id = ${notices.id})`,
    })
    .from(notices)
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(ADMIN_NOTICE_LIMIT);
  return rows.map(({ notice, reads }) => ({
    id: notice.id,
    title: notice.title,
    body: notice.body,
    startsOn: notice.startsOn,
    endsOn: notice.endsOn,
    reads: Number(reads),
    createdAt: notice.createdAt.toISOString(),
    updatedAt: notice.updatedAt.toISOString(),
  }));
}
