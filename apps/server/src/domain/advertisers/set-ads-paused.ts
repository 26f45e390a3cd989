import { type AdBulkAction, adConsoleMessages, type BulkAdsResult, DomainError } from '@quiz-points/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads } from '../../db/schema.ts';
import { withHold, withoutHold } from '../ads/ad-holds.ts';
import { lockAdSlots } from './list-advertiser-ads.ts';
import type { AdOwner } from './owned-ad.ts';

/**
 * The advertiser pauses or resumes several ads at once (the ads table's bulk action), all or
 * none, in one transaction. Every ad must be the owner's (one that is not answers 404, as a single
 * ad does) and approved (409); then each is set as setAdPaused sets one: the 'paused' hold added or
 * lifted, nothing else. The ads' slots and then their rows are locked in the order of their ids, so two
 * bulk actions over the same ads never wait on each other in a circle, and no click delivers once a
 * pause has committed. Idempotent: an ad already so is left as it is and named `unchanged`, so among
 * identical requests at once each ad is changed by exactly one.
 */
export async function setAdsPaused(options: {
  db: Database;
  owner: AdOwner;
  adIds: readonly string[];
  action: AdBulkAction;
}): Promise<BulkAdsResult> {
  const { db, owner, action } = options;
  const paused = action === 'pause';
  const adIds = [...new Set(options.adIds)].sort();
  const owned = and(inArray(ads.id, adIds), eq(ads.advertiserId, owner.userId));
  return db.transaction(async (tx) => {
    // Ownership never changes: checked before anything is locked, so no one holds another's ads.
    const mine = await tx.select({ id: ads.id }).from(ads).where(owned);
    if (mine.length !== adIds.length) throw new DomainError('NOT_FOUND');
    for (const adId of adIds) await lockAdSlots(tx, adId);
    const current = await tx
      .select({ id: ads.id, status: ads.status, holds: ads.holds })
      .from(ads)
      .where(owned)
      .orderBy(asc(ads.id))
      .for('update');
    if (current.some((ad) => ad.status !== 'approved')) {
      throw new DomainError('CONFLICT', adConsoleMessages.bulkNotApproved);
    }
    const changed = current.filter((ad) => ad.holds.includes('paused') !== paused).map((ad) => ad.id);
    if (changed.length > 0) {
      await tx
        .update(ads)
        .set({ holds: paused ? withHold('paused') : withoutHold('paused'), updatedAt: new Date() })
        .where(inArray(ads.id, changed));
    }
    const unchanged = adIds.filter((adId) => !changed.includes(adId));
    return { action, changed, unchanged };
  });
}
