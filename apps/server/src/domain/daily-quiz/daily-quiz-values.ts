import type { CreateDailyQuizBody } from '@quiz-points/shared';

/** What the admin's form stores on a daily quiz (new or edited): the date as its yyyymmdd key. */
export function dailyQuizValues(body: CreateDailyQuizBody) {
  return {
    publishDate: body.publishDate.replaceAll('-', ''),
    quizQuestion: body.quizQuestion,
    quizOptions: body.quizOptions,
    correctOptionIndex: body.correctOptionIndex,
    explanation: body.explanation || null,
  };
}
