import { z } from 'zod';
import { type EndpointOptions, endpoint } from '../core/endpoint.ts';
import { messages } from '../core/messages.ts';
import { okResponse } from '../core/responses.ts';
import { isWellFormedText } from '../core/well-formed-string.ts';
import { advertiserAdsQuery, bulkAdsBody } from './ad-console.ts';
import { AD_IMAGE_MAX_BYTES } from './ad-images.ts';
import { adReportCsvQuery, adReportQuery } from './ad-reports.ts';
import {
  adInputBody,
  advertiserSignInBody,
  advertiserSignUpBody,
  newAdInputBody,
  noTargeting,
  passwordResetBody,
  raiseLimitBody,
  reachEstimateBody,
} from './advertisers.ts';
import { dailyBudgetBody } from './daily-budgets.ts';
import { advertiserDashboardQuery } from './dashboard.ts';
import { advertiserDashboard } from './dashboard-responses.ts';
import {
  adReport,
  advertiserAdDetail,
  advertiserAdResponse,
  advertiserAdsPage,
  advertiserMeResponse,
  bulkAdsResult,
  pricingView,
  reachEstimate,
  submittedAd,
} from './responses.ts';

const adExample = {
  body: {
    adTitle: 'テスト広告',
    adProvider: 'テスト社',
    adUrl: 'https://example.com/ad',
    quizQuestion: 'テストの質問は？',
    quizOptions: ['いち', 'に', 'さん'],
    correctOptionIndex: 2,
    maxDeliveries: 100,
    ...noTargeting,
  },
};

/**
 * Declares a change to one of the advertiser's own ads (another's ad id answers 404, as an unknown
 * one does), answering the ad as it now stands.
 */
const adAction = <
  const R extends `${'POST' | 'PUT' | 'DELETE'} /api/advertiser/${string}`,
  const O extends EndpointOptions = Record<never, never>,
>(
  route: R,
  options?: O,
) => endpoint(route, 'advertiserOrAdmin', advertiserAdResponse, options);

const resetFailed = { error: messages.passwordResetFailed };
/**
 * SPEC §5/§8: a blank address gets メールアドレスを入力してください, any other failure メールアドレスを
 * ご確認ください。 (the browser's form answers the same way).
 */
const passwordResetRequest = z.strictObject(
  {
    email: z
      .string({ error: messages.emailRequired })
      .refine(isWellFormedText, resetFailed)
      .trim()
      .min(1, { error: messages.emailRequired })
      .max(254, resetFailed)
      .pipe(z.email(resetFailed)),
  },
  resetFailed,
);

/** SPEC §6: a password account for the advertiser area, confirmed by a mailed link. */
export const signUpAdvertiser = endpoint('POST /api/advertiser/sign-up', 'anyone', okResponse, {
  body: advertiserSignUpBody,
  example: {
    body: {
      displayName: '新しい広告社',
      email: 'new-adv@example.com',
      password: 'long-enough-1',
      agreeToTerms: true,
    },
  },
  status: 201,
});

/** Sets the session cookie; wrong passwords slow the sending address down. */
export const signInAdvertiser = endpoint('POST /api/advertiser/sign-in', 'anyone', advertiserMeResponse, {
  body: advertiserSignInBody,
  example: { body: { email: 'nobody@example.com', password: 'wrong-password' } },
});

/** The same answer whether or not the address has an account. */
export const requestPasswordReset = endpoint('POST /api/advertiser/password-reset', 'anyone', okResponse, {
  body: passwordResetRequest,
  example: { body: { email: 'nobody@example.com' } },
});

export const resetPassword = endpoint('POST /api/advertiser/password-reset/confirm', 'anyone', okResponse, {
  body: passwordResetBody,
  example: { body: { token: 'not-a-token', password: 'long-enough-1' } },
});

export const getAdvertiserMe = endpoint('GET /api/advertiser/me', 'advertiserOrAdmin', advertiserMeResponse);

/** The pricing in force, which the ad form prices with; all 0 for the admin (house ads). */
export const getPricing = endpoint('GET /api/advertiser/pricing', 'advertiserOrAdmin', pricingView);

/**
 * About how many members an ad's targeting reaches (the delivery's own SQL rule), rounded
 * so no small group's size shows; rate-limited per account (docs/decisions/020-profile-targeting.md).
 */
export const estimateReach = endpoint(
  'POST /api/advertiser/reach-estimate',
  'advertiserOrAdmin',
  reachEstimate,
  {
    reads: 'replica',
    body: reachEstimateBody,
    example: { body: { ...noTargeting, targetPrefectures: ['東京都'], targetChildren: ['with'] } },
  },
);

/**
 * ads-status, the ads table: a page of 50 of the advertiser's own ads, searched by title,
 * filtered by where they stand and sorted by a column, with each ad's figures over its whole life
 * (the maintained per-ad figures, domain/figures), the matching ads' totals and each state's count.
 */
export const listAds = endpoint('GET /api/advertiser/ads', 'advertiserOrAdmin', advertiserAdsPage, {
  reads: 'replica',
  query: advertiserAdsQuery,
  example: { query: { q: '春', status: 'delivering', sort: 'spend', order: 'desc', page: '2' } },
});

/**
 * Several of the advertiser's own ads paused or resumed at once, all or none: every one must
 * be theirs (else 404, as one ad) and approved (else 409), in one transaction. Idempotent per ad.
 */
export const bulkSetAdsPaused = endpoint(
  'POST /api/advertiser/ads/bulk',
  'advertiserOrAdmin',
  bulkAdsResult,
  {
    body: bulkAdsBody,
    example: { body: { action: 'pause', adIds: ['00000000-0000-4000-8000-000000000000'] } },
  },
);

/** SPEC §5 Create ad: pending, with the pricing in force stored on it. */
export const submitAd = endpoint('POST /api/advertiser/ads', 'advertiserOrAdmin', submittedAd, {
  body: newAdInputBody,
  example: adExample,
  status: 201,
});

/** Another advertiser's ad id answers 404, as an unknown one does. */
export const getAd = endpoint(
  'GET /api/advertiser/ads/:adId',
  'advertiserOrAdmin',
  z.strictObject({ ad: advertiserAdDetail }),
);

/** SPEC §4: a rejected ad may be edited and resubmitted; a draft edited and submitted. */
export const resubmitAd = endpoint('PUT /api/advertiser/ads/:adId', 'advertiserOrAdmin', submittedAd, {
  body: adInputBody,
  example: adExample,
});

export const endAd = adAction('POST /api/advertiser/ads/:adId/end');

/** SPEC §4/§5 Raise limit: above the current cap. */
export const raiseAdLimit = adAction('POST /api/advertiser/ads/:adId/limit', {
  body: raiseLimitBody,
  example: { body: { maxDeliveries: 500 } },
});

/**
 * An ad's daily budget set, changed or removed (null), running or not; not above its cap.
 * On an approved ad it counts today's deliveries at once (docs/decisions/030-daily-budgets.md).
 */
export const setAdDailyBudget = adAction('POST /api/advertiser/ads/:adId/daily-budget', {
  body: dailyBudgetBody,
  example: { body: { dailyBudget: 50 } },
});

/** One ad's figures over a range of Japan-time days (the last 30 days unless asked); owner only. */
export const getAdReport = endpoint('GET /api/advertiser/ads/:adId/report', 'advertiserOrAdmin', adReport, {
  reads: 'replica',
  query: adReportQuery,
  example: { query: { from: '2026-04-01', to: '2026-04-30' } },
});

/**
 * The account's ads over a range of Japan-time days (the last 7 unless asked): totals, days,
 * each ad's figures and pacing, and what needs the advertiser; from the same figures as the reports.
 */
export const getDashboard = endpoint(
  'GET /api/advertiser/dashboard',
  'advertiserOrAdmin',
  advertiserDashboard,
  {
    reads: 'replica',
    query: advertiserDashboardQuery,
    example: { query: { range: 'this-month' } },
  },
);

/**
 * The report as a CSV file for Excel (UTF-8 with BOM, CRLF): the days of the range, or with
 * `table=options` the answers per option. Answers the file, not JSON; a refusal is JSON as anywhere.
 */
export const downloadAdReportCsv = endpoint(
  'GET /api/advertiser/ads/:adId/report.csv',
  'advertiserOrAdmin',
  null,
  {
    reads: 'replica',
    query: adReportCsvQuery,
    example: { query: { from: '2026-04-01', to: '2026-04-30', table: 'days' } },
  },
);

/** A new ad kept as a draft (no card needed), never reviewed, billed or delivered. */
export const createDraft = adAction('POST /api/advertiser/drafts', {
  body: newAdInputBody,
  example: adExample,
  status: 201,
});

/** A draft's content saved again; only a draft. */
export const saveDraft = adAction('PUT /api/advertiser/ads/:adId/draft', {
  body: newAdInputBody,
  example: adExample,
});

/** A draft submitted for review as it was saved, priced now; once only. */
export const submitDraft = endpoint(
  'POST /api/advertiser/ads/:adId/submit',
  'advertiserOrAdmin',
  submittedAd,
);

/** A new draft with the ad's content (never its review, deliveries or holds). */
export const duplicateAd = adAction('POST /api/advertiser/ads/:adId/duplicate', { status: 201 });

/** The advertiser holds an approved ad back ('paused'), keeping its cap; idempotent. */
export const pauseAd = adAction('POST /api/advertiser/ads/:adId/pause');

/** The advertiser's pause lifted; idempotent. */
export const resumeAd = adAction('POST /api/advertiser/ads/:adId/resume');

/**
 * The ad's banner image, as the file's bytes (not JSON): recognised by content, made into
 * WebP files of a few widths and stored; only while the ad's text could be edited too (a draft or a
 * rejected ad), by its owner (docs/decisions/031-image-creatives.md).
 */
export const uploadAdImage = adAction('PUT /api/advertiser/ads/:adId/image', {
  upload: {
    mediaTypes: ['application/octet-stream', 'image/*'],
    maxBytes: AD_IMAGE_MAX_BYTES,
    tooLarge: 'IMAGE_TOO_LARGE',
  },
});

/** The ad shown without an image again; under the same rule as an upload. */
export const removeAdImage = adAction('DELETE /api/advertiser/ads/:adId/image');
