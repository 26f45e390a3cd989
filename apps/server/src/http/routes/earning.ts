import { api, rateLimits } from '@quiz-points/shared';
import { answerAdQuiz } from '../../domain/ads/answer-ad-quiz.ts';
import { clickAd } from '../../domain/ads/click-ad.ts';
import { getAdQuiz } from '../../domain/ads/get-ad-quiz.ts';
import { adListJson } from '../../domain/ads/list-ads-for-user.ts';
import { listAnsweredAds } from '../../domain/ads/list-answered-ads.ts';
import { viewerOf } from '../../domain/ads/viewer.ts';
import { answerDailyQuiz } from '../../domain/daily-quiz/answer-daily-quiz.ts';
import { getTodaysQuiz } from '../../domain/daily-quiz/get-todays-quiz.ts';
import { claimDailyGacha } from '../../domain/gacha/claim-daily-gacha.ts';
import { listPointHistory } from '../../domain/points/list-point-history.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteDeps } from '../route-deps.ts';

/**
 * SPEC §4: earning. The `memberSession` actions are one round trip each: the session, the member
 * rule and the action are one statement.
 */
export function earningRoutes({ database: { db }, config }: RouteDeps) {
  const waitSeconds = config.adWaitSeconds;
  return [
    // The list's JSON is put together from each ad's, kept with the segment's list (no serialising per request).
    defineRoute(api.earning.listAds, async ({ viewer, query, reply }) =>
      reply.type('application/json; charset=utf-8').send(await adListJson({ db, ...viewer, ...query })),
    ),
    defineRoute(api.earning.listAnsweredAds, async ({ viewer, query }) =>
      listAnsweredAds({ db, emailHash: viewer.emailHash, ...query }),
    ),
    defineRoute(api.earning.clickAd, async ({ viewer, params }) => {
      const { clickedAt } = await clickAd({
        db,
        ...viewer,
        ...params,
        waitSeconds,
        rateLimit: rateLimits.adClick,
      });
      return { clickedAt: clickedAt.toISOString(), waitSeconds };
    }),
    defineRoute(api.earning.getAdQuiz, async ({ viewer, params }) =>
      getAdQuiz({ db, viewer: viewerOf(viewer, new Date()), ...params, waitSeconds }),
    ),
    defineRoute(api.earning.answerAdQuiz, async ({ viewer, params, body }) =>
      answerAdQuiz({ db, ...viewer, ...params, input: body, waitSeconds, rateLimit: rateLimits.adAnswer }),
    ),
    defineRoute(api.earning.claimDailyGacha, async ({ viewer }) => claimDailyGacha({ db, ...viewer })),
    defineRoute(api.earning.getTodaysDailyQuiz, async ({ viewer }) =>
      getTodaysQuiz({ db, emailHash: viewer.emailHash }),
    ),
    defineRoute(api.earning.answerDailyQuiz, async ({ viewer, body }) =>
      answerDailyQuiz({ db, ...viewer, input: body }),
    ),
    defineRoute(api.earning.listPointHistory, async ({ viewer, query }) =>
      listPointHistory({ db, userId: viewer.id, ...query }),
    ),
  ];
}
