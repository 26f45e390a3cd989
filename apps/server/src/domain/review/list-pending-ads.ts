import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, quizAnswers, users } from '../../db/schema.ts';
import { adImageView } from '../ad-images/ad-image-view.ts';
import { windowDates } from '../advertisers/ad-window.ts';
import { profileTargetingOf } from '../advertisers/profile-targeting-of.ts';

/**
 * Pending ads, oldest first, shown as users will see them plus what only the reviewer sees: the answer,
 * and everything the ad will be delivered with (targeting, the window as the advertiser's Japan-time days).
 */
export async function listPendingAds({ db }: { db: Database }) {
  const rows = await db
    .select({ ad: ads, correctOptionIndex: quizAnswers.correctOptionIndex, advertiser: users.displayName })
    .from(ads)
    .leftJoin(quizAnswers, eq(quizAnswers.adId, ads.id))
    .leftJoin(users, eq(users.id, ads.advertiserId))
    .where(eq(ads.status, 'pending'))
    .orderBy(asc(ads.createdAt))
    .limit(200);
  return rows.map(({ ad, correctOptionIndex, advertiser }) => ({
    id: ad.id,
    advertiser,
    adProvider: ad.adProvider,
    adTitle: ad.adTitle,
    adUrl: ad.adUrl,
    quizQuestion: ad.quizQuestion,
    quizOptions: ad.quizOptions,
    image: adImageView(ad.image),
    correctOptionIndex,
    userReward: ad.userReward,
    unitPrice: ad.unitPrice,
    maxDeliveries: ad.maxDeliveries,
    targetGender: ad.targetGender,
    targetAgeRange: ad.targetAgeRange,
    ...profileTargetingOf(ad),
    ...windowDates(ad),
    createdAt: ad.createdAt.toISOString(),
  }));
}
