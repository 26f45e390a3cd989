import type { AnswerBody, AnswerResult } from '@quiz-points/shared';
import type { Database } from '../../db/client.ts';
import { type HotStatement, runHot } from '../../db/hot-statement.ts';
import { defaultSettings } from '../../db/seed-defaults.ts';
import { sessionLife } from '../session-life.ts';

/**
 * qp_answer_daily_quiz (answer-daily-quiz.sql) is the whole answer, the session lookup
 * included: a member, today's quiz (Japan time) answered once, graded there, points from the
 * settings credited through the ledger. One round trip.
 */
const answerDaily: HotStatement = {
  name: 'answer-daily-quiz',
  text: `select is_correct, points, correct_option, explanation, balance
         from qp_answer_daily_quiz($1, $2, $3::jsonb, $4::timestamptz, $5, $6)`,
};
const defaultPoints = JSON.stringify(defaultSettings.dailyQuizPoints);

/** Answers today's daily quiz once (SPEC §4) for the person behind `sessionToken`. */
export async function answerDailyQuiz(options: {
  db: Database;
  sessionToken: string;
  input: AnswerBody;
  now?: Date;
}): Promise<AnswerResult> {
  const { db, sessionToken, now = new Date() } = options;
  const { option } = options.input;
  const [graded] = await runHot<{
    is_correct: boolean;
    points: number;
    correct_option: number;
    explanation: string | null;
    balance: number;
  }>(db, answerDaily, [sessionToken, option, defaultPoints, now.toISOString(), ...sessionLife]);
  return {
    isCorrect: graded!.is_correct,
    points: graded!.points,
    correctOption: graded!.correct_option,
    explanation: graded!.explanation,
    balance: graded!.balance,
  };
}
