import { type AdInputBody, DomainError } from '@quiz-points/shared';
import { lockOwnedAd } from './owned-ad.ts';
import { assertSubmittable } from './submit-draft.ts';
import { type AdSubmitter, receiptFor, rewriteAd } from './submitted-ad-values.ts';

/**
 * SPEC §4: a rejected ad may be edited and resubmitted, which returns it to pending with the
 * pricing now in force. A draft may be edited and submitted the same way, as a new ad:
 * with a card, and not starting in the past. Any other status is refused, checked under the row lock.
 */
export async function resubmitAd(options: AdSubmitter & { adId: string; input: AdInputBody }) {
  const { db, advertiser, isAdmin, adId, input: body } = options;
  const { ad, resubmitted } = await db.transaction(async (tx) => {
    const current = await lockOwnedAd(tx, adId, { userId: advertiser.id });
    if (current.status === 'draft') assertSubmittable({ advertiser, isAdmin, schedule: body });
    else if (current.status !== 'rejected') throw new DomainError('AD_NOT_EDITABLE');
    const row = await rewriteAd(tx, { adId, isAdmin, body, status: 'pending' });
    return { ad: row, resubmitted: current.status === 'rejected' };
  });
  return receiptFor(options, ad, resubmitted);
}
