import type { AdvertiserAdDetail } from '@quiz-points/shared';
import type { Executor } from '../../db/client.ts';
import { adUsage } from './list-advertiser-ads.ts';
import { type AdOwner, readOwnedAdWithAnswer } from './owned-ad.ts';
import { toAdvertiserAd } from './to-advertiser-ad.ts';

/** The owner's ad with its correct option (for the edit form); anyone else's is not found. */
export async function getAdvertiserAd(options: {
  db: Executor;
  owner: AdOwner;
  adId: string;
}): Promise<AdvertiserAdDetail> {
  const { db, owner, adId } = options;
  const { ad, correctOptionIndex } = await readOwnedAdWithAnswer(db, adId, owner);
  return { ...toAdvertiserAd(ad, await adUsage(db, adId)), correctOptionIndex };
}
