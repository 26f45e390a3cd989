import { type AdvertiserAdDetail, DomainError } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ads, quizAnswers } from '../../db/schema.ts';
import { adUsage } from './list-advertiser-ads.ts';
import { type AdOwner, ownedBy } from './owned-ad.ts';
import { toAdvertiserAd } from './to-advertiser-ad.ts';

/** The owner's ad with its correct option (for the edit form); anyone else's is not found. */
export async function getAdvertiserAd(options: {
  db: Executor;
  owner: AdOwner;
  adId: string;
}): Promise<AdvertiserAdDetail> {
  const { db, owner, adId } = options;
  const [row] = await db
    .select({ ad: ads, correctOptionIndex: quizAnswers.correctOptionIndex })
    .from(ads)
    .leftJoin(quizAnswers, eq(quizAnswers.adId, ads.id))
    .where(ownedBy(adId, owner));
  if (!row) throw new DomainError('NOT_FOUND');
  return {
    ...toAdvertiserAd(row.ad, await adUsage(db, adId)),
    correctOptionIndex: row.correctOptionIndex ?? 1,
  };
}
