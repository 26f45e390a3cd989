import { z } from 'zod';
import {
  type AdListItem,
  type AdQuiz,
  type AnswerResult,
  answerBody,
  type DailyQuizToday,
  type PointHistoryEntry,
} from '../earning.ts';
import { messages } from '../messages.ts';
import { endpoint, responseOf } from './endpoint.ts';

const adIdParams = z.object({ adId: z.uuid({ error: messages.quizIdMissing }) });
const answerExample = { body: { option: 1 } };

/** SPEC §4: the ads a member may earn from, with their own clicks and answers. */
export const listAds = endpoint({
  method: 'GET',
  path: '/api/ads',
  audience: 'memberSession',
  response: responseOf<{ ads: AdListItem[] }>(),
});

/** Opens an ad: the server's clock starts the wait. */
export const clickAd = endpoint({
  method: 'POST',
  path: '/api/ads/:adId/click',
  audience: 'memberSession',
  params: adIdParams,
  notFound: messages.quizNotFound,
  response: responseOf<{ clickedAt: string; waitSeconds: number }>(),
});

export const getAdQuiz = endpoint({
  method: 'GET',
  path: '/api/ads/:adId/quiz',
  audience: 'member',
  params: adIdParams,
  notFound: messages.quizNotFound,
  response: responseOf<AdQuiz>(),
});

export const answerAdQuiz = endpoint({
  method: 'POST',
  path: '/api/ads/:adId/answer',
  audience: 'memberSession',
  params: adIdParams,
  notFound: messages.quizNotFound,
  body: answerBody,
  example: answerExample,
  response: responseOf<AnswerResult>(),
});

export const claimDailyGacha = endpoint({
  method: 'POST',
  path: '/api/gacha/claim',
  audience: 'memberSession',
  response: responseOf<{ success: true; reward: number }>(),
});

export const getTodaysDailyQuiz = endpoint({
  method: 'GET',
  path: '/api/daily-quiz/today',
  audience: 'member',
  response: responseOf<DailyQuizToday | null>(),
});

export const answerDailyQuiz = endpoint({
  method: 'POST',
  path: '/api/daily-quiz/answer',
  audience: 'memberSession',
  body: answerBody,
  example: answerExample,
  response: responseOf<AnswerResult>(),
});

/** The passbook, newest first; `before` pages back by entry id. */
export const listPointHistory = endpoint({
  method: 'GET',
  path: '/api/points/history',
  audience: 'member',
  query: z.object({ before: z.coerce.number().int().positive().optional() }),
  example: { query: { before: '100' } },
  response: responseOf<{ entries: PointHistoryEntry[] }>(),
});
