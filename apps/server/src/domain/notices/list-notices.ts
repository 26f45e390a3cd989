import { japanIsoDate, type MemberNoticeList } from '@quiz-points/shared';
import { and, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import { noticeReads, notices } from '../../db/schema.ts';
import type { PersonRead } from '../user-row.ts';

/** Per list: more than any operator shows at once, and the ended ones a member may look back on. */
const NOTICE_LIST_LIMIT = 50;

/**
 * What a member sees: the notices whose window holds today, Japan time, and the ended
 * ones, each with whether this member has read it. A notice whose window has not started yet is in
 * neither list, so the admin may prepare one ahead.
 */
export async function listNotices({ db, userId, now = new Date() }: PersonRead): Promise<MemberNoticeList> {
  const today = japanIsoDate(now);
  const select = (where: SQL | undefined, orderBy: SQL[]) =>
    db
      .select({
        id: notices.id,
        title: notices.title,
        body: notices.body,
        startsOn: notices.startsOn,
        endsOn: notices.endsOn,
        read: sql<boolean>`${noticeReads.noticeId} is not null`,
      })
      .from(notices)
      .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, userId)))
      .where(where)
      .orderBy(...orderBy)
      .limit(NOTICE_LIST_LIMIT);
  const [current, past] = await Promise.all([
    select(and(lte(notices.startsOn, today), gte(notices.endsOn, today)), [
      desc(notices.startsOn),
      desc(notices.createdAt),
    ]),
    select(lt(notices.endsOn, today), [desc(notices.endsOn), desc(notices.startsOn)]),
  ]);
  return { current, past };
}
