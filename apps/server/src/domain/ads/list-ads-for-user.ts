import type { AdListItem } from '@quiz-points/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, quizResponses } from '../../db/schema.ts';
import { targetsViewer } from './targeting-sql.ts';
import type { Viewer } from './viewer.ts';

/**
 * The home ad list (SPEC §2, §4): approved, active ads that target the viewer, by reward then
 * newest, with this person's own state (opened, answered). Ads this person already opened stay
 * listed even after the ad stops, so an answer in progress is never lost.
 */
export async function listAdsForUser({
  db,
  viewer,
}: {
  db: Database;
  viewer: Viewer;
}): Promise<AdListItem[]> {
  const rows = await db
    .select({
      id: ads.id,
      adProvider: ads.adProvider,
      adTitle: ads.adTitle,
      adUrl: ads.adUrl,
      userReward: ads.userReward,
      clickedAt: quizResponses.clickedAt,
      answeredAt: quizResponses.answeredAt,
    })
    .from(ads)
    .leftJoin(
      quizResponses,
      and(eq(quizResponses.adId, ads.id), eq(quizResponses.emailHash, viewer.emailHash)),
    )
    .where(
      and(
        eq(ads.status, 'approved'),
        sql`(${ads.isActive} and ${targetsViewer(viewer)}) or ${quizResponses.id} is not null`,
      ),
    )
    .orderBy(desc(ads.userReward), desc(ads.createdAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    adProvider: row.adProvider,
    adTitle: row.adTitle,
    adUrl: row.adUrl,
    userReward: row.userReward,
    clickedAt: row.clickedAt?.toISOString() ?? null,
    answered: row.answeredAt !== null,
  }));
}
