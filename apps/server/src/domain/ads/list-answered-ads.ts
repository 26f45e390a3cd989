import {
  AD_LIST_PAGE_SIZE,
  type AdListItem,
  type AdListPage,
  type AnsweredAdsQuery,
} from '@quiz-points/shared';
import { and, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, quizResponses } from '../../db/schema.ts';

const responses = quizResponses;

/**
 * The ads this person answered (SPEC §4, the list's 回答済み box), newest answer first, one page at a
 * time: keyset paging over the index (email_hash, answered_at desc, id desc), so every page is one
 * index range however many they answered. The cursor is the last answer's response id; its
 * (answered_at, id) is looked up under the same person, so another person's id, or one that does not
 * exist, gives an empty page. Answered ads stay here whatever became of the ad since.
 */
export async function listAnsweredAds(
  options: AnsweredAdsQuery & { db: Database; emailHash: string; limit?: number },
): Promise<AdListPage> {
  const { db, emailHash, cursor, limit = AD_LIST_PAGE_SIZE } = options;
  const conditions: SQL[] = [
    eq(responses.emailHash, emailHash),
    isNotNull(responses.adId),
    isNotNull(responses.answeredAt),
  ];
  if (cursor) {
    conditions.push(
      sql`(${responses.answeredAt}, ${responses.id}) < (select seen.answered_at, seen.id from ${responses} seen
                                                        where seen.id = ${cursor}::bigint and seen.email_hash = ${emailHash})`,
    );
  }
  // One row past the page says whether there is a next one.
  const rows = await db
    .select({
      responseId: responses.id,
      clickedAt: responses.clickedAt,
      id: ads.id,
      adProvider: ads.adProvider,
      adTitle: ads.adTitle,
      adUrl: ads.adUrl,
      userReward: ads.userReward,
    })
    .from(responses)
    .innerJoin(ads, eq(ads.id, responses.adId))
    .where(and(...conditions))
    .orderBy(desc(responses.answeredAt), desc(responses.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    ads: page.map(
      ({ responseId, clickedAt, ...ad }): AdListItem => ({
        ...ad,
        clickedAt: clickedAt?.toISOString() ?? null,
        answered: true,
      }),
    ),
    nextCursor: rows.length > limit ? String(page.at(-1)!.responseId) : null,
  };
}
