import { api } from '@quiz-points/shared';
import { getAdminSummary } from '../../domain/analytics/get-admin-summary.ts';
import { createDailyQuiz } from '../../domain/daily-quiz/create-daily-quiz.ts';
import { listDailyQuizzes } from '../../domain/daily-quiz/list-daily-quizzes.ts';
import { updateDailyQuiz } from '../../domain/daily-quiz/update-daily-quiz.ts';
import type { Logger } from '../../domain/logger.ts';
import { checkRewards } from '../../domain/review/check-rewards.ts';
import { listPendingAds } from '../../domain/review/list-pending-ads.ts';
import { type ReviewDecision, reviewAd } from '../../domain/review/review-ad.ts';
import type { UserRow } from '../../domain/user-row.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteDeps } from '../route-deps.ts';

type ReviewContext = { viewer: UserRow; params: { adId: string }; request: { log: Logger } };

/** Admin: the hub, ad review, daily quizzes and the reward check. */
export function adminConsoleRoutes({ database: { db }, mailer }: RouteDeps) {
  const review = ({ viewer, params, request }: ReviewContext, decision: ReviewDecision) =>
    reviewAd({ db, mailer, log: request.log, ...params, adminId: viewer.id, decision });
  return [
    defineRoute(api.admin.getSummary, async ({ reader }) => getAdminSummary({ db: reader })),
    defineRoute(api.admin.listPendingAds, async ({ reader, query }) =>
      listPendingAds({ db: reader, ...query }),
    ),
    defineRoute(api.admin.approveAd, async (context) => review(context, { kind: 'approve' })),
    defineRoute(api.admin.rejectAd, async (context) => review(context, { kind: 'reject', ...context.body })),
    defineRoute(api.admin.listDailyQuizzes, async ({ reader }) => ({
      quizzes: await listDailyQuizzes({ db: reader }),
    })),
    defineRoute(api.admin.createDailyQuiz, async ({ viewer, body }) =>
      createDailyQuiz({ db, adminId: viewer.id, input: body }),
    ),
    defineRoute(api.admin.updateDailyQuiz, async ({ viewer, params, body }) =>
      updateDailyQuiz({ db, adminId: viewer.id, ...params, input: body }),
    ),
    defineRoute(api.admin.checkRewards, async ({ reader, query }) => ({
      responses: await checkRewards({ db: reader, ...query }),
    })),
  ];
}
