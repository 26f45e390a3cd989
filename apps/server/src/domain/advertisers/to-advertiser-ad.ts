import { type AdHold, type AdvertiserAd, adHolds } from '@quiz-points/shared';
import type { ads } from '../../db/schema.ts';
import { adImageView } from '../ad-images/ad-image-view.ts';
import { windowDates } from './ad-window.ts';
import { profileTargetingOf } from './profile-targeting-of.ts';

/** The column is text[] (its CHECK keeps it to adHolds); this narrows its type. */
const isAdHold = (hold: string): hold is AdHold => (adHolds as readonly string[]).includes(hold);

export type AdRow = typeof ads.$inferSelect;

/** What an ad has delivered so far and what that cost, before tax (ad_deliveries counts both). */
export interface AdUsage {
  deliveryCount: number;
  spend: number;
}

export function toAdvertiserAd(ad: AdRow, { deliveryCount, spend }: AdUsage): AdvertiserAd {
  return {
    id: ad.id,
    adTitle: ad.adTitle,
    adProvider: ad.adProvider,
    adUrl: ad.adUrl,
    quizQuestion: ad.quizQuestion,
    quizOptions: ad.quizOptions,
    image: adImageView(ad.image),
    status: ad.status,
    isActive: ad.isActive,
    rejectionReason: ad.rejectionReason,
    deliveryCount,
    maxDeliveries: ad.maxDeliveries,
    unitPrice: ad.unitPrice,
    spend,
    targetGender: ad.targetGender,
    targetAgeRange: ad.targetAgeRange,
    ...profileTargetingOf(ad),
    createdAt: ad.createdAt.toISOString(),
    ...windowDates(ad),
    holds: ad.holds.filter(isAdHold),
    dailyBudget: ad.dailyBudget,
    dailyBudgetReachedOn: ad.dailyBudgetReachedOn,
  };
}
