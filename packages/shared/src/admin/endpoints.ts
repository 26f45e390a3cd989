import { z } from 'zod';
import { endpoint } from '../core/endpoint.ts';
import { messages } from '../core/messages.ts';
import { mailedResponse } from '../core/responses.ts';
import { createDailyQuizBody } from '../earning/daily-quiz-schemas.ts';
import {
  advertiserConsoleMessages,
  advertiserSearchQuery,
  dashboardQuery,
  pendingAdsQuery,
  rejectAdBody,
  rewardCheckQuery,
  suspensionBody,
  userSearchQuery,
} from './admin-console.ts';
import {
  adminAdvertiserList,
  adminAdvertiserOverview,
  advertiserSuspensionResult,
} from './advertiser-responses.ts';
import {
  adminDailyQuizList,
  adminDashboard,
  adminSettingsView,
  adminSummary,
  adminUserList,
  adminUserOverview,
  dailyQuizSaved,
  pendingAdList,
  rewardCheckResult,
  settingUpdated,
  suspensionResult,
} from './responses.ts';
import { adminSearch } from './search-endpoint.ts';

const dailyQuizInput = {
  quizQuestion: '今日のクイズ',
  quizOptions: ['A', 'B', 'C'],
  correctOptionIndex: 1,
  publishDate: '2031-01-02',
  explanation: '説明',
};

/** A suspension or its lifting, with a reason; `notFound` says the path's person is unknown. */
const suspensionOf = (notFound: string) => ({
  notFound,
  body: suspensionBody,
  example: { body: { suspended: false, reason: '確認' } },
});

/** What is waiting for the admin (the hub). */
export const getSummary = endpoint('GET /api/admin/summary', 'admin', adminSummary, { reads: 'replica' });

/**
 * People by user id, e-mail or e-mail hash (first), or by 3 characters or more of an e-mail; newest
 * first, 50 a page.
 */
export const searchUsers = adminSearch('GET /api/admin/users', adminUserList, userSearchQuery, 'person');

export const getUserOverview = endpoint('GET /api/admin/users/:userId', 'admin', adminUserOverview, {
  reads: 'replica',
  notFound: messages.userInfoNotFound,
});

/** Suspend (signed out everywhere at once) or reinstate, with a reason. */
export const setSuspension = endpoint(
  'POST /api/admin/users/:userId/suspension',
  'admin',
  suspensionResult,
  suspensionOf(messages.userInfoNotFound),
);

/** Advertisers, newest first, by part of an e-mail, a name or a company name; 50 a page. */
export const searchAdvertisers = adminSearch(
  'GET /api/admin/advertisers',
  adminAdvertiserList,
  advertiserSearchQuery,
  'person',
);

export const getAdvertiserOverview = endpoint(
  'GET /api/admin/advertisers/:userId',
  'admin',
  adminAdvertiserOverview,
  { reads: 'replica', notFound: advertiserConsoleMessages.notFound },
);

/** Suspend (every ad held, signed out everywhere) or lift it, with a reason; a repeat changes nothing. */
export const setAdvertiserSuspension = endpoint(
  'POST /api/admin/advertisers/:userId/suspension',
  'admin',
  advertiserSuspensionResult,
  suspensionOf(advertiserConsoleMessages.notFound),
);

/** SPEC §4 Ad status: the ads waiting for review, oldest first, 20 a page, all or those `q` finds. */
export const listPendingAds = adminSearch(
  'GET /api/admin/ads/pending',
  pendingAdList,
  pendingAdsQuery,
  'row',
);

/** `mailed`: whether the advertiser was told (SPEC §8). */
export const approveAd = endpoint('POST /api/admin/ads/:adId/approve', 'admin', mailedResponse, {
  notFound: messages.quizNotFound,
});

export const rejectAd = endpoint('POST /api/admin/ads/:adId/reject', 'admin', mailedResponse, {
  notFound: messages.quizNotFound,
  body: rejectAdBody,
  example: { body: { reason: '内容が不明確です' } },
});

export const listDailyQuizzes = endpoint('GET /api/admin/daily-quizzes', 'admin', adminDailyQuizList, {
  reads: 'replica',
});

/** SPEC §5 Create daily quiz: one quiz per date. */
export const createDailyQuiz = endpoint('POST /api/admin/daily-quizzes', 'admin', dailyQuizSaved, {
  body: createDailyQuizBody,
  example: { body: dailyQuizInput },
  status: 201,
});

/** A quiz nobody has answered yet; its date (yyyymmdd in the path) may move to a free one. */
export const updateDailyQuiz = endpoint(
  'PUT /api/admin/daily-quizzes/:publishDate',
  'admin',
  dailyQuizSaved,
  {
    notFound: messages.quizNotFound,
    body: createDailyQuizBody,
    example: { body: { ...dailyQuizInput, publishDate: '2031-01-01' } },
  },
);

/** SPEC §2 reward check: a person's quiz responses by e-mail. */
export const checkRewards = endpoint('GET /api/admin/reward-check', 'admin', rewardCheckResult, {
  reads: 'replica',
  query: rewardCheckQuery,
  example: { query: { email: 'someone@example.com' } },
});

/** Every setting's value in force, and the audit of changes. */
export const getSettings = endpoint('GET /api/admin/settings', 'admin', adminSettingsView, {
  reads: 'replica',
});

/** One setting; its `value` is checked against that key's own schema (settingSchemas). */
export const updateSetting = endpoint('PUT /api/admin/settings/:key', 'admin', settingUpdated, {
  body: z.strictObject({ value: z.unknown() }, { error: messages.allFieldsRequired }),
  example: { body: { value: { correct: 5, wrong: 1 } } },
});

/** The numbers, per Japan-time day, `from` to `to`, or over the last `days` (7 to 90; anything else shows 30). */
export const getDashboard = endpoint('GET /api/admin/dashboard', 'admin', adminDashboard, {
  reads: 'replica',
  query: dashboardQuery,
});
