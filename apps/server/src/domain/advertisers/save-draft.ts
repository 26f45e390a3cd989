import { type AdInputBody, DomainError, runningAdMessages } from '@quiz-points/shared';
import { lockOwnedAd } from './owned-ad.ts';
import { type AdWriter, rewriteAd } from './submitted-ad-values.ts';
import { toAdvertiserAd } from './to-advertiser-ad.ts';

/** A draft's content saved again; an ad already submitted is refused, under the row lock. */
export async function saveDraft(options: AdWriter & { adId: string; input: AdInputBody }) {
  const { db, advertiser, isAdmin, adId, input: body } = options;
  return db.transaction(async (tx) => {
    const current = await lockOwnedAd(tx, adId, { userId: advertiser.id });
    if (current.status !== 'draft') throw new DomainError('CONFLICT', runningAdMessages.notDraft);
    const row = await rewriteAd(tx, { adId, isAdmin, body, status: 'draft' });
    return { ad: toAdvertiserAd(row, { deliveryCount: 0, spend: 0 }) };
  });
}
