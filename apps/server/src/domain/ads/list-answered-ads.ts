import {
  AD_LIST_PAGE_SIZE,
  type AdListItem,
  type AdListPage,
  type AnsweredAdsQuery,
} from '@quiz-points/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { afterCursor, type Keyset, newestFirst, toPage } from '../../db/keyset-page.ts';
import { ads, quizResponses } from '../../db/schema.ts';
import { adImageView } from '../ad-images/ad-image-view.ts';

const responses = quizResponses;
const answers: Keyset = {
  table: responses,
  at: responses.answeredAt,
  id: responses.id,
  owner: responses.emailHash,
};

/**
 * The ads this person answered (SPEC §4, the list's 回答済み box), newest answer first, one page at a
 * time, keyset-paged over the index (email_hash, answered_at desc, id desc). The cursor is the last
 * answer's response id. Answered ads stay here whatever became of the ad since.
 */
export async function listAnsweredAds(
  options: AnsweredAdsQuery & { db: Database; emailHash: string; limit?: number },
): Promise<AdListPage> {
  const { db, emailHash, cursor, limit = AD_LIST_PAGE_SIZE } = options;
  const rows = await db
    .select({
      responseId: responses.id,
      clickedAt: responses.clickedAt,
      id: ads.id,
      adProvider: ads.adProvider,
      adTitle: ads.adTitle,
      adUrl: ads.adUrl,
      userReward: ads.userReward,
      image: ads.image,
    })
    .from(responses)
    .innerJoin(ads, eq(ads.id, responses.adId))
    .where(
      and(
        eq(responses.emailHash, emailHash),
        isNotNull(responses.adId),
        isNotNull(responses.answeredAt),
        cursor ? afterCursor(answers, emailHash, cursor) : undefined,
      ),
    )
    .orderBy(...newestFirst(answers))
    .limit(limit + 1);
  const { page, nextCursor } = toPage(rows, limit, (row) => row.responseId);
  return {
    ads: page.map(
      ({ responseId, clickedAt, image, ...ad }): AdListItem => ({
        ...ad,
        image: adImageView(image),
        clickedAt: clickedAt?.toISOString() ?? null,
        answered: true,
      }),
    ),
    nextCursor,
  };
}
