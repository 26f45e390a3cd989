import { DomainError, messages } from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads } from '../../db/schema.ts';
import { adUsage, lockAdSlots } from './list-advertiser-ads.ts';
import { type AdOwner, lockOwnedAd } from './owned-ad.ts';
import { toAdvertiserAd } from './to-advertiser-ad.ts';

/**
 * SPEC §4: the advertiser ends delivery (isActive false) after confirming. Only an approved ad is
 * delivering; ending one already stopped changes nothing and says so. Its slots are locked first:
 * a click reads the ad after holding a slot, so none delivers once the end has committed.
 */
export async function endAdDelivery(options: { db: Database; owner: AdOwner; adId: string }) {
  const { db, owner, adId } = options;
  return db.transaction(async (tx) => {
    await lockAdSlots(tx, adId);
    const current = await lockOwnedAd(tx, adId, owner);
    if (current.status !== 'approved') throw new DomainError('CONFLICT', messages.adStopFailed);
    if (!current.isActive) throw new DomainError('CONFLICT', messages.adAlreadyEnded);
    const [ad] = await tx
      .update(ads)
      .set({ isActive: false, updatedAt: new Date() })
      .where(and(eq(ads.id, adId), eq(ads.isActive, true)))
      .returning();
    return { ad: toAdvertiserAd(ad!, await adUsage(tx, adId)) };
  });
}
