import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { likeFragment } from '../../db/like-fragment.ts';
import { ads, quizAnswers, users } from '../../db/schema.ts';
import { adImageView } from '../ad-images/ad-image-view.ts';
import { windowDates } from '../advertisers/ad-window.ts';
import { profileTargetingOf } from '../advertisers/profile-targeting-of.ts';

/** The most ads one page of the review queue shows: each is a whole card to read. */
export const REVIEW_PAGE_SIZE = 20;

/** The pending ads `q` finds: by part of the title, the provider's name or the advertiser's names or e-mail. */
function pendingMatching(q: string | undefined): SQL | undefined {
  const pending = eq(ads.status, 'pending');
  if (!q) return pending;
  const pattern = likeFragment(q);
  return and(
    pending,
    or(
      ilike(ads.adTitle, pattern),
      ilike(ads.adProvider, pattern),
      ilike(users.displayName, pattern),
      ilike(users.companyName, pattern),
      ilike(users.email, pattern),
    ),
  );
}

/**
 * The review queue, oldest first (ties by id), a page at a time: the page after `cursor` (the last
 * ad of the page before) is the ads whose (created_at, id) come after its, so a review meanwhile
 * shifts nothing. Each ad as users will see it plus what only the reviewer sees: the answer, and
 * everything it will be delivered with (targeting, the window as the advertiser's Japan-time days).
 * `total` counts every pending ad the search finds. Pending ads are read through ads_listing_idx
 * (status first); a queue holds thousands at most.
 */
export async function listPendingAds({ db, q, cursor }: { db: Database; q?: string; cursor?: string }) {
  const matching = pendingMatching(q);
  const after = cursor
    ? sql`(${ads.createdAt}, ${ads.id}) > (select seen.created_at, seen.id from ads seen where seen.id = ${cursor})`
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ad: ads, correctOptionIndex: quizAnswers.correctOptionIndex, advertiser: users.displayName })
      .from(ads)
      .leftJoin(quizAnswers, eq(quizAnswers.adId, ads.id))
      .leftJoin(users, eq(users.id, ads.advertiserId))
      .where(and(matching, after))
      .orderBy(asc(ads.createdAt), asc(ads.id))
      .limit(REVIEW_PAGE_SIZE + 1),
    db.select({ total: count() }).from(ads).leftJoin(users, eq(users.id, ads.advertiserId)).where(matching),
  ]);
  const page = rows.slice(0, REVIEW_PAGE_SIZE);
  return {
    ads: page.map(({ ad, correctOptionIndex, advertiser }) => ({
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
    })),
    nextCursor: rows.length > REVIEW_PAGE_SIZE ? page.at(-1)!.ad.id : null,
    total: counted?.total ?? 0,
  };
}
