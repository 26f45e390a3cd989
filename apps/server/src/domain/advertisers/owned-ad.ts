import { DomainError } from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ads, quizAnswers } from '../../db/schema.ts';

/**
 * Who is asking for an ad: its owner only. Another advertiser's ad is answered exactly like one that
 * does not exist, so ids cannot be probed.
 */
export interface AdOwner {
  userId: string;
}

export const ownedBy = (adId: string, owner: AdOwner) =>
  and(eq(ads.id, adId), eq(ads.advertiserId, owner.userId));

/** The owner's ad with its correct option (1 where none is kept). */
export async function readOwnedAdWithAnswer(db: Executor, adId: string, owner: AdOwner) {
  const [row] = await db
    .select({ ad: ads, correctOptionIndex: quizAnswers.correctOptionIndex })
    .from(ads)
    .leftJoin(quizAnswers, eq(quizAnswers.adId, ads.id))
    .where(ownedBy(adId, owner));
  if (!row) throw new DomainError('NOT_FOUND');
  return { ad: row.ad, correctOptionIndex: row.correctOptionIndex ?? 1 };
}

/** The owner's ad, locked for the rest of the transaction. */
export async function lockOwnedAd(tx: Executor, adId: string, owner: AdOwner) {
  const [ad] = await tx.select().from(ads).where(ownedBy(adId, owner)).for('update');
  if (!ad) throw new DomainError('NOT_FOUND');
  return ad;
}
