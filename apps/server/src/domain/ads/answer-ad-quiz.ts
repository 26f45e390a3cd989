import type { AnswerBody, AnswerResult } from '@quiz-points/shared';
import type { Database } from '../../db/client.ts';
import { type HotStatement, runHot } from '../../db/hot-statement.ts';
import type { RateLimitRule } from '../rate-limits/consume-rate-limit.ts';
import { sessionLife } from '../session-life.ts';

/**
 * qp_answer_ad_quiz (answer-ad-quiz.sql) is the whole answer, the
 * session lookup included: a member, within their answer limit, who opened the ad at least
 * `waitSeconds` earlier by the server's clock and has not answered it; graded there, credited
 * through the ledger. One round trip; any refusal changes nothing.
 */
const answerAd: HotStatement = {
  name: 'answer-ad-quiz',
  text: `select is_correct, points, correct_option, balance
         from qp_answer_ad_quiz($1, $2::uuid, $3, $4, $5, $6, $7::timestamptz, $8, $9)`,
};

export interface AnswerAdQuizOptions {
  db: Database;
  /** The session of the person answering (its cookie signature checked). */
  sessionToken: string;
  adId: string;
  input: AnswerBody;
  waitSeconds: number;
  /** The person's answer limit; the key is the person's (`answer:user:<id>`). */
  rateLimit: Pick<RateLimitRule, 'limit' | 'windowSeconds'>;
  now?: Date;
}

/** Grades an ad quiz (SPEC §4): the full reward when right, 10 % (at least 1) when wrong. */
export async function answerAdQuiz(options: AnswerAdQuizOptions): Promise<AnswerResult> {
  const { db, sessionToken, adId, waitSeconds, rateLimit, now = new Date() } = options;
  const { option } = options.input;
  const [graded] = await runHot<{
    is_correct: boolean;
    points: number;
    correct_option: number;
    balance: number;
  }>(db, answerAd, [
    sessionToken,
    adId,
    option,
    waitSeconds,
    rateLimit.limit,
    rateLimit.windowSeconds,
    now.toISOString(),
    ...sessionLife,
  ]);
  return {
    isCorrect: graded!.is_correct,
    points: graded!.points,
    correctOption: graded!.correct_option,
    balance: graded!.balance,
  };
}
