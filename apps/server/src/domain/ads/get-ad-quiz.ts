import { type AdQuiz, DomainError, messages } from '@quiz-points/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, quizResponses } from '../../db/schema.ts';
import { adImageView } from '../ad-images/ad-image-view.ts';
import type { Viewer } from './viewer.ts';

/** The quiz of an ad as the viewer may see it: never the correct option. */
export async function getAdQuiz(options: {
  db: Database;
  viewer: Viewer;
  adId: string;
  waitSeconds: number;
  now?: Date;
}) {
  const { db, viewer, adId, waitSeconds, now = new Date() } = options;
  const [row] = await db
    .select({
      ad: ads,
      clickedAt: quizResponses.clickedAt,
      answeredAt: quizResponses.answeredAt,
      // The answer's own rule (answer-ad-quiz.sql): an ad at its cap still takes the answers of those
      // who opened it; one the advertiser ended or whose window closed takes none.
      takesAnswers: sql<boolean>`qp_ad_takes_answers(${ads})`,
    })
    .from(ads)
    .leftJoin(
      quizResponses,
      and(eq(quizResponses.adId, ads.id), eq(quizResponses.emailHash, viewer.emailHash)),
    )
    .where(eq(ads.id, adId));
  if (row?.ad.status !== 'approved') throw new DomainError('NOT_FOUND', messages.quizNotFound);
  const elapsed = row.clickedAt ? (now.getTime() - row.clickedAt.getTime()) / 1000 : 0;
  const quiz: AdQuiz = {
    id: row.ad.id,
    adProvider: row.ad.adProvider,
    adTitle: row.ad.adTitle,
    quizQuestion: row.ad.quizQuestion,
    quizOptions: row.ad.quizOptions,
    userReward: row.ad.userReward,
    image: adImageView(row.ad.image),
    clickedAt: row.clickedAt?.toISOString() ?? null,
    secondsLeft: row.clickedAt ? Math.max(0, Math.ceil(waitSeconds - elapsed)) : waitSeconds,
    answered: row.answeredAt !== null,
    ended: !row.takesAnswers,
  };
  return quiz;
}
