import { type AdInputBody, DomainError } from '@quiz-points/shared';
import { type AdSubmitter, insertAd, receiptFor } from './submitted-ad-values.ts';

/**
 * SPEC §5 Create ad: pending, inactive, 0 deliveries, with the pricing in force stored on the ad
 * and the correct option stored apart (quiz_answers). Needs a registered card, except for the
 * admin, whose house ads cost 0. The receipt mail goes after the commit.
 */
export async function submitAd(options: AdSubmitter & { input: AdInputBody }) {
  const { db, advertiser, isAdmin, input: body } = options;
  if (!isAdmin && !advertiser.cardRegistered) throw new DomainError('CARD_REQUIRED');
  const ad = await db.transaction((tx) => insertAd(tx, { advertiser, isAdmin, body, status: 'pending' }));
  return receiptFor(options, ad, false);
}
