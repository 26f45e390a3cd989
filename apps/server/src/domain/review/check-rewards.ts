import { messages, rewardCheckQuery } from '@quiz-points/shared';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { hashEmail } from '../../db/email-hash.ts';
import { ads, quizResponses } from '../../db/schema.ts';
import { DomainError } from '../domain-error.ts';

export interface RewardCheckRow {
  adId: string | null;
  adTitle: string | null;
  dailyQuizId: string | null;
  clickedAt: string | null;
  answeredAt: string | null;
  isCorrect: boolean | null;
  rewardGiven: boolean;
  pointsAwarded: number;
}

/** SPEC §2 reward check: a person's quiz responses by e-mail (hashed, so withdrawn people too). */
export async function checkRewards({
  db,
  input,
}: {
  db: Database;
  input: unknown;
}): Promise<RewardCheckRow[]> {
  const parsed = rewardCheckQuery.safeParse(input ?? {});
  if (!parsed.success)
    throw new DomainError('EMAIL_REQUIRED', parsed.error.issues[0]?.message ?? messages.emailRequired);
  const rows = await db
    .select({ response: quizResponses, adTitle: ads.adTitle })
    .from(quizResponses)
    .leftJoin(ads, eq(ads.id, quizResponses.adId))
    .where(eq(quizResponses.emailHash, hashEmail(parsed.data.email)))
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
