import { createDailyQuizBody, messages } from '@quiz-points/shared';
import type { Database } from '../../db/client.ts';
import { dailyQuizzes } from '../../db/schema.ts';
import { DomainError } from '../domain-error.ts';

/** The admin creates the quiz for a date (SPEC §5). The date is the key: one quiz per date, ever. */
export async function createDailyQuiz({ db, input }: { db: Database; input: unknown }) {
  const body = createDailyQuizBody.parse(input);
  const publishDate = body.publishDate.replaceAll('-', '');
  const inserted = await db
    .insert(dailyQuizzes)
    .values({
      publishDate,
      quizQuestion: body.quizQuestion,
      quizOptions: body.quizOptions,
      correctOptionIndex: body.correctOptionIndex,
      explanation: body.explanation || null,
    })
    .onConflictDoNothing()
    .returning({ publishDate: dailyQuizzes.publishDate });
  if (inserted.length === 0) throw new DomainError('CONFLICT', messages.dailyQuizDateTaken);
  return { publishDate };
}
