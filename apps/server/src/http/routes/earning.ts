import { messages } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answerAdQuiz } from '../../domain/ads/answer-ad-quiz.ts';
import { clickAd } from '../../domain/ads/click-ad.ts';
import { getAdQuiz } from '../../domain/ads/get-ad-quiz.ts';
import { adListJson } from '../../domain/ads/list-ads-for-user.ts';
import { viewerOf } from '../../domain/ads/viewer.ts';
import { answerDailyQuiz } from '../../domain/daily-quiz/answer-daily-quiz.ts';
import { getTodaysQuiz } from '../../domain/daily-quiz/get-todays-quiz.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { claimDailyGacha } from '../../domain/gacha/claim-daily-gacha.ts';
import { listPointHistory } from '../../domain/points/list-point-history.ts';
import type { RouteDeps } from '../app.ts';

const adIdParam = z.object({ adId: z.uuid({ error: messages.quizIdMissing }) });
const historyQuery = z.object({ before: z.coerce.number().int().positive().optional() });

export function registerEarningRoutes(app: FastifyInstance, { database, guards, config }: RouteDeps) {
  const db = database.db;
  const waitSeconds = config.adWaitSeconds;
  const parseAdId = (params: unknown) => {
    const parsed = adIdParam.safeParse(params);
    if (!parsed.success) throw new DomainError('NOT_FOUND', messages.quizNotFound);
    return parsed.data.adId;
  };

  // One round trip each: the session, the member rule and the action are one statement.
  // The list's JSON is put together from each ad's, kept with the segment's list (no serialising per request).
  app.get('/api/ads', async (request, reply) => {
    const body = await adListJson({ db, sessionToken: await guards.sessionToken(request) });
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.post('/api/ads/:adId/click', async (request) => {
    const sessionToken = await guards.sessionToken(request);
    const adId = parseAdId(request.params);
    const rateLimit = { limit: 120, windowSeconds: 3600 };
    const result = await clickAd({ db, sessionToken, adId, waitSeconds, rateLimit });
    return { clickedAt: result.clickedAt.toISOString(), waitSeconds };
  });

  app.get('/api/ads/:adId/quiz', async (request) => {
    const user = await guards.requireMember(request);
    return getAdQuiz({
      db,
      viewer: viewerOf(user, new Date()),
      adId: parseAdId(request.params),
      waitSeconds,
    });
  });

  app.post('/api/ads/:adId/answer', async (request) => {
    const sessionToken = await guards.sessionToken(request);
    const adId = parseAdId(request.params);
    const rateLimit = { limit: 240, windowSeconds: 3600 };
    return answerAdQuiz({ db, sessionToken, adId, input: request.body, waitSeconds, rateLimit });
  });

  app.post('/api/gacha/claim', async (request) => {
    return claimDailyGacha({ db, sessionToken: await guards.sessionToken(request) });
  });

  app.get('/api/daily-quiz/today', async (request) => {
    const user = await guards.requireMember(request);
    return getTodaysQuiz({ db, emailHash: user.emailHash });
  });

  app.post('/api/daily-quiz/answer', async (request) =>
    answerDailyQuiz({ db, sessionToken: await guards.sessionToken(request), input: request.body }),
  );

  app.get('/api/points/history', async (request) => {
    const user = await guards.requireMember(request);
    const { before } = historyQuery.parse(request.query);
    return { entries: await listPointHistory({ db, userId: user.id, before }) };
  });
}
