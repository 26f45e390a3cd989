import { type AdSchedule, DomainError, newScheduleProblem, runningAdMessages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { ads } from '../../db/schema.ts';
import type { UserRow } from '../user-row.ts';
import { windowDates } from './ad-window.ts';
import { lockOwnedAd } from './owned-ad.ts';
import { readPricing } from './read-pricing.ts';
import { type AdSubmitter, pricedValues, receiptFor } from './submitted-ad-values.ts';

/**
 * What only a submission needs beyond a draft's checks (docs/decisions/019-running-ads.md): a
 * registered card (SPEC §6; the admin's house ads need none), and a window still ahead, as for any new
 * ad (a start date that has passed since the draft was saved must be changed first).
 */
export function assertSubmittable(options: { advertiser: UserRow; isAdmin: boolean; schedule: AdSchedule }) {
  if (!options.isAdmin && !options.advertiser.cardRegistered) throw new DomainError('CARD_REQUIRED');
  const problem = newScheduleProblem(options.schedule);
  if (problem) throw new DomainError('VALIDATION', problem.message);
}

/**
 * A draft goes to review as it was saved: pending, priced by the config in force now, with
 * the receipt mail. Checked under the row lock, so many identical submits submit it once; the others
 * are told it was already submitted.
 */
export async function submitDraft(options: AdSubmitter & { adId: string }) {
  const { db, advertiser, isAdmin, adId } = options;
  const ad = await db.transaction(async (tx) => {
    const current = await lockOwnedAd(tx, adId, { userId: advertiser.id });
    if (current.status !== 'draft') throw new DomainError('CONFLICT', runningAdMessages.notDraft);
    assertSubmittable({ advertiser, isAdmin, schedule: windowDates(current) });
    const [row] = await tx
      .update(ads)
      .set({
        ...pricedValues(await readPricing(tx), isAdmin, current),
        status: 'pending',
        updatedAt: new Date(),
      })
      .where(eq(ads.id, adId))
      .returning();
    return row!;
  });
  return receiptFor(options, ad, false);
}
