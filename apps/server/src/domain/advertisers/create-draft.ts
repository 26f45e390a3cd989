import type { AdInputBody } from '@quiz-points/shared';
import { type AdWriter, insertAd } from './submitted-ad-values.ts';
import { toAdvertiserAd } from './to-advertiser-ad.ts';

/**
 * A new ad kept as a draft. Its content passed the same checks as a submission; what only
 * a submission needs (a card) waits for the submit (submit-draft.ts). It stores the pricing now as an
 * estimate; the submit prices it again. No mail: nothing went to review.
 */
export async function createDraft(options: AdWriter & { input: AdInputBody }) {
  const { db, advertiser, isAdmin, input: body } = options;
  const ad = await db.transaction((tx) => insertAd(tx, { advertiser, isAdmin, body, status: 'draft' }));
  return { ad: toAdvertiserAd(ad, { deliveryCount: 0, spend: 0 }) };
}
