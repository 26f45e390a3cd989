import { endpoint } from '../core/endpoint.ts';
import { messages } from '../core/messages.ts';
import { adListQuery, answerBody, answeredAdsQuery, pointHistoryQuery } from './earning.ts';
import {
  adClickResult,
  adListPage,
  adQuiz,
  answerResult,
  dailyQuizToday,
  gachaClaimResult,
  pointHistoryPage,
} from './responses.ts';

const answerExample = { body: { option: 1 } };

/**
 * SPEC §4: the ads a member may still answer, with their own clicks, by reward then newest, a page at
 * a time; the ones they answered are never counted against a page.
 */
export const listAds = endpoint('GET /api/ads', 'memberSession', adListPage, {
  query: adListQuery,
  example: { query: { cursor: '00000000-0000-4000-8000-000000000000' } },
});

/** The ads a member answered, newest answer first, a page at a time (the list's 回答済み box). */
export const listAnsweredAds = endpoint('GET /api/ads/answered', 'member', adListPage, {
  query: answeredAdsQuery,
  example: { query: { cursor: '100' } },
});

/** Opens an ad: the server's clock starts the wait. */
export const clickAd = endpoint('POST /api/ads/:adId/click', 'memberSession', adClickResult, {
  notFound: messages.quizNotFound,
});

export const getAdQuiz = endpoint('GET /api/ads/:adId/quiz', 'member', adQuiz, {
  notFound: messages.quizNotFound,
});

export const answerAdQuiz = endpoint('POST /api/ads/:adId/answer', 'memberSession', answerResult, {
  notFound: messages.quizNotFound,
  body: answerBody,
  example: answerExample,
});

export const claimDailyGacha = endpoint('POST /api/gacha/claim', 'memberSession', gachaClaimResult);

export const getTodaysDailyQuiz = endpoint('GET /api/daily-quiz/today', 'member', dailyQuizToday);

export const answerDailyQuiz = endpoint('POST /api/daily-quiz/answer', 'memberSession', answerResult, {
  body: answerBody,
  example: answerExample,
});

/**
 * The passbook, newest first, a page at a time (keyset-paged over the ledger), filtered by kind and
 * Japan-time month, with the totals of the months the page shows.
 */
export const listPointHistory = endpoint('GET /api/points/history', 'member', pointHistoryPage, {
  query: pointHistoryQuery,
  example: { query: { cursor: '100', kind: 'use', month: '2026-01' } },
});
