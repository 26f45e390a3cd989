import { messages } from '@quiz-points/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ads, giftRequests } from '../../db/schema.ts';
import { createDailyQuiz } from '../../domain/daily-quiz/create-daily-quiz.ts';
import { listDailyQuizzes } from '../../domain/daily-quiz/list-daily-quizzes.ts';
import { updateDailyQuiz } from '../../domain/daily-quiz/update-daily-quiz.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { checkRewards } from '../../domain/review/check-rewards.ts';
import { listPendingAds } from '../../domain/review/list-pending-ads.ts';
import { reviewAd } from '../../domain/review/review-ad.ts';
import type { RouteDeps } from '../app.ts';

const adIdParam = z.object({ adId: z.uuid() });

export function registerAdminConsoleRoutes(app: FastifyInstance, { database, guards, mailer }: RouteDeps) {
  const db = database.db;
  const adIdOf = (params: unknown) => {
    const parsed = adIdParam.safeParse(params);
    if (!parsed.success) throw new DomainError('NOT_FOUND', messages.quizNotFound);
    return parsed.data.adId;
  };

  /** What is waiting for the admin (the hub). */
  app.get('/api/admin/summary', async (request) => {
    await guards.requireAdmin(request);
    const [[pendingAds], [pendingGifts]] = await Promise.all([
      db.select({ n: count() }).from(ads).where(eq(ads.status, 'pending')),
      db.select({ n: count() }).from(giftRequests).where(eq(giftRequests.status, 'pending')),
    ]);
    return { pendingAds: pendingAds?.n ?? 0, pendingGifts: pendingGifts?.n ?? 0 };
  });

  app.get('/api/admin/ads/pending', async (request) => {
    await guards.requireAdmin(request);
    return { ads: await listPendingAds({ db }) };
  });

  app.post('/api/admin/ads/:adId/approve', async (request) => {
    await guards.requireAdmin(request);
    return reviewAd({
      db,
      mailer,
      log: request.log,
      adId: adIdOf(request.params),
      decision: { kind: 'approve' },
    });
  });

  app.post('/api/admin/ads/:adId/reject', async (request) => {
    await guards.requireAdmin(request);
    const decision = { kind: 'reject' as const, input: request.body };
    return reviewAd({ db, mailer, log: request.log, adId: adIdOf(request.params), decision });
  });

  app.get('/api/admin/daily-quizzes', async (request) => {
    await guards.requireAdmin(request);
    return { quizzes: await listDailyQuizzes({ db }) };
  });

  app.post('/api/admin/daily-quizzes', async (request, reply) => {
    await guards.requireAdmin(request);
    return reply.status(201).send(await createDailyQuiz({ db, input: request.body }));
  });

  app.put<{ Params: { publishDate: string } }>('/api/admin/daily-quizzes/:publishDate', async (request) => {
    await guards.requireAdmin(request);
    return updateDailyQuiz({ db, publishDate: request.params.publishDate, input: request.body });
  });

  app.get('/api/admin/reward-check', async (request) => {
    await guards.requireAdmin(request);
    return { responses: await checkRewards({ db, input: request.query }) };
  });
}
