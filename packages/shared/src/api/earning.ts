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

const answerExample = { body: { option: 1 } };

/** SPEC §4: the ads a member may earn from, with their own clicks and answers. */
export const listAds = endpoint('GET /api/ads', 'memberSession', {
  response: responseOf<{ ads: AdListItem[] }>(),
});

/** Opens an ad: the server's clock starts the wait. */
export const clickAd = endpoint('POST /api/ads/:adId/click', 'memberSession', {
  notFound: messages.quizNotFound,
  response: responseOf<{ clickedAt: string; waitSeconds: number }>(),
});

export const getAdQuiz = endpoint('GET /api/ads/:adId/quiz', 'member', {
  notFound: messages.quizNotFound,
  response: responseOf<AdQuiz>(),
});

export const answerAdQuiz = endpoint('POST /api/ads/:adId/answer', 'memberSession', {
  notFound: messages.quizNotFound,
  body: answerBody,
  example: answerExample,
  response: responseOf<AnswerResult>(),
});

export const claimDailyGacha = endpoint('POST /api/gacha/claim', 'memberSession', {
  response: responseOf<{ success: true; reward: number }>(),
});

export const getTodaysDailyQuiz = endpoint('GET /api/daily-quiz/today', 'member', {
  response: responseOf<DailyQuizToday>(),
});

export const answerDailyQuiz = endpoint('POST /api/daily-quiz/answer', 'memberSession', {
  body: answerBody,
  example: answerExample,
  response: responseOf<AnswerResult>(),
});

/** The passbook, newest first; `before` pages back by entry id. */
export const listPointHistory = endpoint('GET /api/points/history', 'member', {
  query: z.object({ before: z.coerce.number().int().positive().optional() }),
  example: { query: { before: '100' } },
  response: responseOf<{ entries: PointHistoryEntry[] }>(),
});
