import { type DailyQuizToday, DomainError, japanDateKey, messages } from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dailyQuizzes, quizResponses } from '../../db/schema.ts';

/** Today's daily quiz by Japan-time date, without its answer. */
export async function getTodaysQuiz({
  db,
  emailHash,
  now = new Date(),
}: {
  db: Database;
  emailHash: string;
  now?: Date;
}) {
  const id = japanDateKey(now);
  const [row] = await db
    .select({ quiz: dailyQuizzes, answeredAt: quizResponses.answeredAt })
    .from(dailyQuizzes)
    .leftJoin(
      quizResponses,
      and(eq(quizResponses.dailyQuizId, dailyQuizzes.publishDate), eq(quizResponses.emailHash, emailHash)),
    )
    .where(eq(dailyQuizzes.publishDate, id));
  if (!row) throw new DomainError('NOT_FOUND', messages.dailyQuizNotPublished);
  const today: DailyQuizToday = {
    id,
    quizQuestion: row.quiz.quizQuestion,
    quizOptions: row.quiz.quizOptions,
    answered: row.answeredAt !== null,
  };
  return today;
}
