import type { AdminDailyQuiz } from '@quiz-points/shared';
import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dailyQuizzes } from '../../db/schema.ts';

/** Upcoming and past daily quizzes, newest date first, with answer counts and correct rates. */
export async function listDailyQuizzes({ db }: { db: Database }): Promise<AdminDailyQuiz[]> {
  const rows = await db
    .select({
      quiz: dailyQuizzes,
      answers: sql<number>`(select count(*)::int from quiz_responses r where r.daily_quiz_id = ${dailyQuizzes.publishDate})`,
      correct: sql<number>`(select count(*)::int from quiz_responses r where r.daily_quiz_id = ${dailyQuizzes.publishDate} and r.is_correct)`,
    })
    .from(dailyQuizzes)
    .orderBy(desc(dailyQuizzes.publishDate))
    .limit(60);
  return rows.map(({ quiz, answers, correct }) => ({
    publishDate: quiz.publishDate,
    quizQuestion: quiz.quizQuestion,
    quizOptions: quiz.quizOptions,
    correctOptionIndex: quiz.correctOptionIndex,
    explanation: quiz.explanation,
    answers: Number(answers),
    correctRate: Number(answers) > 0 ? Number(correct) / Number(answers) : null,
  }));
}
