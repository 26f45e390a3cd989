import { DomainError, messages, type RewardCheckRow } from '@quiz-points/shared';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { hashEmail } from '../../db/email-hash.ts';
import { ads, quizResponses } from '../../db/schema.ts';

/** SPEC §2 reward check: a person's quiz responses by e-mail (hashed, so withdrawn people too). */
export async function checkRewards({
  db,
  email,
}: {
  db: Database;
  email: string;
}): Promise<RewardCheckRow[]> {
  const rows = await db
    .select({ response: quizResponses, adTitle: ads.adTitle })
    .from(quizResponses)
    .leftJoin(ads, eq(ads.id, quizResponses.adId))
    .where(eq(quizResponses.emailHash, hashEmail(email)))
    .orderBy(desc(quizResponses.createdAt))
    .limit(200);
  if (rows.length === 0) throw new DomainError('NOT_FOUND', messages.rewardDataNotFound);
  return rows.map(({ response, adTitle }) => ({
    adId: response.adId,
    adTitle,
    dailyQuizId: response.dailyQuizId,
    clickedAt: response.clickedAt?.toISOString() ?? null,
    answeredAt: response.answeredAt?.toISOString() ?? null,
    isCorrect: response.isCorrect,
    rewardGiven: response.rewardGiven,
    pointsAwarded: response.pointsAwarded,
  }));
}
