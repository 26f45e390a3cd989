import { DomainError, runningAdMessages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads } from '../../db/schema.ts';
import { withHold, withoutHold } from '../ads/ad-holds.ts';
import { adUsage, lockAdSlots } from './list-advertiser-ads.ts';
import { type AdOwner, lockOwnedAd } from './owned-ad.ts';
import { toAdvertiserAd } from './to-advertiser-ad.ts';

/**
 * The advertiser pauses an approved ad (the 'paused' hold) or resumes it (lifts that hold
 * only: a failed payment or a suspension keeps holding it). The cap, is_active and the deliveries are
 * untouched. Idempotent: pausing a paused ad, or resuming one not paused, changes nothing and answers
 * the ad. Its slots are locked first, as ending does: no click delivers once a pause has committed.
 */
export async function setAdPaused(options: { db: Database; owner: AdOwner; adId: string; paused: boolean }) {
  const { db, owner, adId, paused } = options;
  return db.transaction(async (tx) => {
    await lockAdSlots(tx, adId);
    const current = await lockOwnedAd(tx, adId, owner);
    if (current.status !== 'approved') throw new DomainError('CONFLICT', runningAdMessages.notApproved);
    if (current.holds.includes('paused') === paused) {
      return { ad: toAdvertiserAd(current, await adUsage(tx, adId)) };
    }
    const [ad] = await tx
      .update(ads)
      .set({
        holds: paused ? withHold('paused') : withoutHold('paused'),
        updatedAt: new Date(),
      })
      .where(eq(ads.id, adId))
      .returning();
    return { ad: toAdvertiserAd(ad!, await adUsage(tx, adId)) };
  });
}
