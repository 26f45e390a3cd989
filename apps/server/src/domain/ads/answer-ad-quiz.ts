import { type AnswerResult, answerBody, messages, wrongAnswerPoints } from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, quizAnswers, quizResponses } from '../../db/schema.ts';
import { DomainError } from '../../http/domain-error.ts';
import { applyPointChange } from '../points/ledger.ts';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/consume-rate-limit.ts';
import type { Viewer } from './viewer.ts';

export interface AnswerAdQuizOptions {
  db: Database;
  viewer: Viewer;
  adId: string;
  input: unknown;
  waitSeconds: number;
  /** Counted in the same transaction: one commit per answer (docs/performance.md). */
  rateLimit?: RateLimitRule;
  now?: Date;
}

/**
 * Grades an ad quiz (SPEC §4, SPEC-NOTES "The server decides"): only after a recorded click at
 * least `waitSeconds` earlier by the server's clock, once per person and ad; the full reward when
 * right, 10 % (at least 1) when wrong. One transaction.
 */
export async function answerAdQuiz({
  db,
  viewer,
  adId,
  input,
  waitSeconds,
  rateLimit,
  now = new Date(),
}: AnswerAdQuizOptions) {
  const { option } = answerBody.parse(input);
  return db.transaction(async (tx): Promise<AnswerResult> => {
    if (rateLimit) await consumeRateLimit(tx, rateLimit);
    const [response] = await tx
      .select()
      .from(quizResponses)
      .where(and(eq(quizResponses.emailHash, viewer.emailHash), eq(quizResponses.adId, adId)))
      .for('update');
    const [ad] = await tx.select().from(ads).where(eq(ads.id, adId));
    if (!ad) throw new DomainError('NOT_FOUND', messages.quizNotFound);
    if (!response?.clickedAt) throw new DomainError('CONFLICT', messages.openAdFirst);
    if (response.answeredAt) throw new DomainError('CONFLICT', messages.adAlreadyAnswered);
    // An ad that stopped at its cap still takes the answers of those it was delivered to.
    const stoppedByAdvertiser = !ad.isActive && ad.deliveryCount < ad.maxDeliveries;
    if (ad.status !== 'approved' || stoppedByAdvertiser) throw new DomainError('CONFLICT', messages.adEnded);
    if (now.getTime() - response.clickedAt.getTime() < waitSeconds * 1000) {
      throw new DomainError('TOO_EARLY', messages.waitBeforeAnswer);
    }
    if (option > ad.quizOptions.length) throw new DomainError('VALIDATION', messages.chooseOneOption);

    const [answer] = await tx.select().from(quizAnswers).where(eq(quizAnswers.adId, adId));
    if (!answer) throw new DomainError('NOT_FOUND', messages.quizNotFound);
    const isCorrect = option === answer.correctOptionIndex;
    const points = isCorrect ? ad.userReward : wrongAnswerPoints(ad.userReward);

    await tx
      .update(quizResponses)
      .set({ answeredAt: now, selectedOption: option, isCorrect, rewardGiven: true, pointsAwarded: points })
      .where(eq(quizResponses.id, response.id));
    await applyPointChange(tx, {
      userId: viewer.id,
      points,
      reason: 'ad_quiz',
      ref: adId,
      memo: `クイズ${isCorrect ? '正解' : '回答'}：${ad.adTitle}`,
    });
    return { isCorrect, points, correctOption: answer.correctOptionIndex };
  });
}
