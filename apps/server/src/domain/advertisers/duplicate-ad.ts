import { scheduleToday } from '@quiz-points/shared';
import type { Database } from '../../db/client.ts';
import { ads, quizAnswers } from '../../db/schema.ts';
import { windowDates, windowInstants } from './ad-window.ts';
import { type AdOwner, readOwnedAdWithAnswer } from './owned-ad.ts';
import { toAdvertiserAd } from './to-advertiser-ad.ts';

/**
 * A new draft with the content of one of the owner's ads, whatever its state: title, page,
 * quiz and its answer, cap, daily budget, targeting (every target column) and the window's days still
 * ahead (a day already past is left open, so the copy can be submitted as it is). Never its review
 * (status, rejection reason), its deliveries, its holds or the day its daily budget ran out.
 */
export async function duplicateAd(options: { db: Database; owner: AdOwner; adId: string }) {
  const { db, owner, adId } = options;
  return db.transaction(async (tx) => {
    const source = await readOwnedAdWithAnswer(tx, adId, owner);
    const {
      id: _id,
      status: _status,
      isActive: _isActive,
      holds: _holds,
      rejectionReason: _rejectionReason,
      dailyBudgetReachedOn: _dailyBudgetReachedOn,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      startsAt,
      endsAt,
      ...content
    } = source.ad;
    const today = scheduleToday();
    const { startDate, endDate } = windowDates({ startsAt, endsAt });
    const [copy] = await tx
      .insert(ads)
      .values({
        ...content,
        ...windowInstants({
          startDate: startDate && startDate >= today ? startDate : null,
          endDate: endDate && endDate >= today ? endDate : null,
        }),
        status: 'draft',
        isActive: false,
      })
      .returning();
    await tx
      .insert(quizAnswers)
      .values({ adId: copy!.id, correctOptionIndex: source.correctOptionIndex, uid: owner.userId });
    return { ad: toAdvertiserAd(copy!, { deliveryCount: 0, spend: 0 }) };
  });
}
