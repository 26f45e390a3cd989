import { type CreateDailyQuizBody, DomainError, messages } from '@quiz-points/shared';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lockRow } from '../../db/lock-row.ts';
import { dailyQuizzes, quizResponses } from '../../db/schema.ts';
import { recordAdminAction } from '../admin-users/admin-audit.ts';
import { dailyQuizValues } from './daily-quiz-values.ts';

/**
 * The admin edits a daily quiz that nobody has answered yet (its date may move to a free one).
 * The quiz row is locked first; an answer locks it too (answer-daily-quiz.ts reads it `for share`),
 * so an edit and an answer never interleave: the edit sees the answer and is refused, or the answer
 * waits and is graded against the edited quiz. The edit is audited (admin_audit) in the same
 * transaction.
 */
export async function updateDailyQuiz({
  db,
  adminId,
  publishDate,
  input: body,
  now = new Date(),
}: {
  db: Database;
  adminId: string;
  publishDate: string;
  input: CreateDailyQuizBody;
  now?: Date;
}) {
  const values = dailyQuizValues(body);
  const newDate = values.publishDate;
  const thisQuiz = eq(dailyQuizzes.publishDate, publishDate);
  return db.transaction(async (tx) => {
    const quiz = await lockRow(tx, dailyQuizzes, thisQuiz, { publishDate: dailyQuizzes.publishDate });
    if (!quiz) throw new DomainError('NOT_FOUND', messages.quizNotFound);
    const [answers] = await tx
      .select({ n: count() })
      .from(quizResponses)
      .where(eq(quizResponses.dailyQuizId, publishDate));
    if ((answers?.n ?? 0) > 0) throw new DomainError('CONFLICT', messages.dailyQuizLocked);
    if (newDate !== publishDate) {
      const [taken] = await tx
        .select({ publishDate: dailyQuizzes.publishDate })
        .from(dailyQuizzes)
        .where(eq(dailyQuizzes.publishDate, newDate));
      if (taken) throw new DomainError('CONFLICT', messages.dailyQuizDateTaken);
    }
    await tx
      .update(dailyQuizzes)
      .set({ ...values, updatedAt: now })
      .where(thisQuiz);
    await recordAdminAction(tx, {
      action: 'update_daily_quiz',
      targetId: newDate,
      details: newDate === publishDate ? {} : { movedFrom: publishDate },
      actedBy: adminId,
      actedAt: now,
    });
    return { publishDate: newDate };
  });
}
