import { DomainError, japanIsoDate, messages } from '@quiz-points/shared';
import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { noticeReads, notices } from '../../db/schema.ts';

/**
 * A member has read a notice. Idempotent: the first reading is kept (its time included) and a
 * second one changes nothing. A notice not yet shown (its window starts after today, Japan time)
 * is not found, as it is nowhere a member could have opened it.
 */
export async function markNoticeRead({
  db,
  userId,
  noticeId,
  now = new Date(),
}: {
  db: Database;
  userId: string;
  noticeId: string;
  now?: Date;
}) {
  const [shown] = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.id, noticeId), lte(notices.startsOn, japanIsoDate(now))));
  if (!shown) throw new DomainError('NOT_FOUND', messages.noticeNotFound);
  await db.insert(noticeReads).values({ userId, noticeId, readAt: now }).onConflictDoNothing();
}
