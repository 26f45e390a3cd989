import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { quizResponses, users } from '../db/schema.ts';
import {
  createAd,
  createTodaysDailyQuiz,
  refusedAsUnderage,
  signedInAdmin,
  signedInAdvertiser,
  signedUpUser,
  verifiedUserWithPoints,
} from './factories.ts';
import { signInWithGoogle, TestHttpClient } from './http-client.ts';
import type { TestApp } from './test-app.ts';

/**
 * Who calls. `user` is a member (signed in with Google, signup completed, 18 or over);
 * `signupPending` signed in with Google but never completed signup; `underage` was refused at signup
 * as under 18. "other…" are a second person of the same kind, for object-level checks.
 */
export type Audience = 'visitor' | 'user' | 'signupPending' | 'underage' | 'advertiser' | 'admin';
/** Every audience, for the suites that try each one. */
export const audiences: readonly Audience[] = [
  'visitor',
  'user',
  'signupPending',
  'underage',
  'advertiser',
  'admin',
];

/** The people and objects every endpoint is called with. */
export interface World {
  clients: Record<Audience | 'otherUser' | 'otherAdvertiser', TestHttpClient>;
  userId: string;
  otherUserId: string;
  /** Approved and active; the user has opened it (so an answer reaches validation). */
  listedAdId: string;
  /** The advertiser's own ad, rejected (so it may be edited and resubmitted). */
  advertiserAdId: string;
  /** Another advertiser's ad waiting for review. */
  pendingAdId: string;
  /** The user's gift request, waiting for the admin. */
  giftRequestId: string;
  /** A daily quiz in the future (editable by the admin). */
  futureQuizDate: string;
  /** The advertiser's own card-setup session. */
  cardSessionId: string;
}

export interface EndpointRule {
  /** Who may call it. Anyone else is refused (401 without a session, 403 with the wrong one). */
  who: 'anyone' | readonly Audience[];
  /** Values for the path's :params. */
  params?: (world: World) => Record<string, string>;
  /** A valid JSON body; the bad-input suite breaks it field by field. */
  body?: (world: World) => Record<string, unknown>;
  /** Body fields that may be left out. */
  optional?: readonly string[];
  /** A valid query string, broken the same way. */
  query?: Record<string, string>;
  /** Not the JSON API (pages, files, the identity protocol): no `{ error }` body is promised. */
  notJsonApi?: true;
  /** Only outside production (development stand-ins): the production app must not have it. */
  devOnly?: true;
}

// Earning, exchange, referral and the profile need a member: the admin too must complete signup.
const user = ['user'] as const;
const googleUser = ['user', 'signupPending', 'underage', 'admin'] as const;
const advertiserOrAdmin = ['advertiser', 'admin'] as const;
const advertiser = ['advertiser'] as const;
const admin = ['admin'] as const;

const adInput = {
  adTitle: 'テスト広告',
  adProvider: 'テスト社',
  adUrl: 'https://example.com/ad',
  quizQuestion: 'テストの質問は？',
  quizOptions: ['いち', 'に', 'さん'],
  correctOptionIndex: 2,
  maxDeliveries: 100,
  targetGender: { male: false, female: false, other: false },
  targetAgeRange: { '10s': false, '20s': false, '30s': false, '40s': false, '50s': false, '60s': false },
};
const dailyQuizInput = {
  quizQuestion: '今日のクイズ',
  quizOptions: ['A', 'B', 'C'],
  correctOptionIndex: 1,
  publishDate: '2031-01-02',
  explanation: '説明',
};

/**
 * Every route of the app, by `METHOD url` as the route table lists it (HEAD follows GET). The
 * access-control and bad-input suites read the server's own route table and fail on any route
 * missing here: a new endpoint must say who may use it and what a valid request looks like.
 */
export const endpoints: Record<string, EndpointRule> = {
  'GET /healthz': { who: 'anyone', notJsonApi: true },
  'GET /readyz': { who: 'anyone', notJsonApi: true },
  'GET /api/auth/*': { who: 'anyone', notJsonApi: true },
  'POST /api/auth/*': { who: 'anyone', notJsonApi: true },
  'POST /api/material-requests': { who: 'anyone', body: () => ({ email: 'materials@example.com' }) },
  'POST /api/analytics/page-views': { who: 'anyone', body: () => ({ path: '/' }) },
  'GET /api/me': { who: 'anyone' },
  'POST /api/signup': {
    who: googleUser,
    body: () => ({ birthYear: 1990, birthMonth: 1, birthDay: 1, agreeToTerms: true }),
  },
  'GET /api/zip-codes/:zipCode': { who: 'anyone', params: () => ({ zipCode: '1000001' }) },
  'PUT /api/account': {
    who: user,
    body: () => ({ zipCode: '', occupation: '学生', hasChildren: false }),
    optional: ['zipCode', 'occupation', 'hasChildren'],
  },
  'POST /api/phone/send-code': { who: user, body: () => ({ phoneNumber: '09012345678' }) },
  'POST /api/phone/verify': { who: user, body: () => ({ code: '123456' }) },
  'GET /api/referrals': { who: user },
  'POST /api/withdrawal': { who: [...googleUser, 'advertiser'] },
  'GET /api/admin/users': { who: admin, query: { q: 'example' } },
  'GET /api/admin/users/:userId': { who: admin, params: (w) => ({ userId: w.userId }) },
  'POST /api/admin/users/:userId/suspension': {
    who: admin,
    params: (w) => ({ userId: w.otherUserId }),
    body: () => ({ suspended: false, reason: '確認' }),
  },
  'GET /api/admin/summary': { who: admin },
  'GET /api/admin/ads/pending': { who: admin },
  'POST /api/admin/ads/:adId/approve': { who: admin, params: (w) => ({ adId: w.pendingAdId }) },
  'POST /api/admin/ads/:adId/reject': {
    who: admin,
    params: (w) => ({ adId: w.pendingAdId }),
    body: () => ({ reason: '内容が不明確です' }),
  },
  'GET /api/admin/daily-quizzes': { who: admin },
  'POST /api/admin/daily-quizzes': { who: admin, body: () => dailyQuizInput, optional: ['explanation'] },
  'PUT /api/admin/daily-quizzes/:publishDate': {
    who: admin,
    params: (w) => ({ publishDate: w.futureQuizDate }),
    body: () => ({ ...dailyQuizInput, publishDate: '2031-01-01' }),
    optional: ['explanation'],
  },
  'GET /api/admin/reward-check': { who: admin, query: { email: 'someone@example.com' } },
  'GET /api/admin/settings': { who: admin },
  'PUT /api/admin/settings/:key': {
    who: admin,
    params: () => ({ key: 'dailyQuizPoints' }),
    body: () => ({ value: { correct: 5, wrong: 1 } }),
  },
  'GET /api/admin/dashboard': { who: admin },
  'GET /api/ads': { who: user },
  'POST /api/ads/:adId/click': { who: user, params: (w) => ({ adId: w.listedAdId }) },
  'GET /api/ads/:adId/quiz': { who: user, params: (w) => ({ adId: w.listedAdId }) },
  'POST /api/ads/:adId/answer': {
    who: user,
    params: (w) => ({ adId: w.listedAdId }),
    body: () => ({ option: 2 }),
  },
  'POST /api/gacha/claim': { who: user },
  'GET /api/daily-quiz/today': { who: user },
  'POST /api/daily-quiz/answer': { who: user, body: () => ({ option: 3 }) },
  'GET /api/points/history': { who: user, query: { before: '1' } },
  'GET /api/gift-types': { who: user },
  'POST /api/gift-requests': { who: user, body: () => ({ giftType: 'amazon', points: 1000 }) },
  'GET /api/gift-requests': { who: user },
  'GET /api/admin/gift-requests': { who: admin },
  'POST /api/admin/gift-requests/:requestId/issue': {
    who: admin,
    params: (w) => ({ requestId: w.giftRequestId }),
    body: () => ({ giftCode: 'CODE-1234' }),
  },
  'POST /api/admin/gift-requests/:requestId/reject': {
    who: admin,
    params: (w) => ({ requestId: w.giftRequestId }),
    body: () => ({ reason: '重複' }),
  },
  'POST /api/advertiser/sign-up': {
    who: 'anyone',
    body: () => ({
      displayName: '新しい広告社',
      email: 'new-adv@example.com',
      password: 'long-enough-1',
      agreeToTerms: true,
    }),
  },
  'POST /api/advertiser/sign-in': {
    who: 'anyone',
    body: () => ({ email: 'nobody@example.com', password: 'wrong-password' }),
  },
  'POST /api/advertiser/password-reset': { who: 'anyone', body: () => ({ email: 'nobody@example.com' }) },
  'POST /api/advertiser/password-reset/confirm': {
    who: 'anyone',
    body: () => ({ token: 'not-a-token', password: 'long-enough-1' }),
  },
  'GET /api/advertiser/me': { who: advertiserOrAdmin },
  'GET /api/advertiser/pricing': { who: advertiserOrAdmin },
  'GET /api/advertiser/ads': { who: advertiserOrAdmin },
  'POST /api/advertiser/ads': { who: advertiserOrAdmin, body: () => adInput },
  'GET /api/advertiser/ads/:adId': { who: advertiserOrAdmin, params: (w) => ({ adId: w.advertiserAdId }) },
  'PUT /api/advertiser/ads/:adId': {
    who: advertiserOrAdmin,
    params: (w) => ({ adId: w.advertiserAdId }),
    body: () => adInput,
  },
  'POST /api/advertiser/ads/:adId/end': {
    who: advertiserOrAdmin,
    params: (w) => ({ adId: w.advertiserAdId }),
  },
  'POST /api/advertiser/ads/:adId/limit': {
    who: advertiserOrAdmin,
    params: (w) => ({ adId: w.advertiserAdId }),
    body: () => ({ maxDeliveries: 500 }),
  },
  'GET /api/advertiser/ads/:adId/report': {
    who: advertiserOrAdmin,
    params: (w) => ({ adId: w.advertiserAdId }),
  },
  'POST /api/advertiser/card/setup-session': { who: advertiser },
  'POST /api/advertiser/card/complete': { who: advertiser, body: (w) => ({ sessionId: w.cardSessionId }) },
  'POST /api/advertiser/billing/portal': { who: advertiser },
  // Anyone may knock; only a payload signed with the webhook secret is acted on.
  'POST /api/payments/webhook': { who: 'anyone', body: () => ({ id: 'evt_1', type: 'invoice.paid' }) },
  'GET /sample-ads/*': { who: 'anyone', notJsonApi: true },
  'GET /api/dev/sms': { who: 'anyone', devOnly: true },
  'GET /dev/sms': { who: 'anyone', devOnly: true, notJsonApi: true },
  'GET /api/dev/mail': { who: 'anyone', devOnly: true },
  'GET /dev/mail': { who: 'anyone', devOnly: true, notJsonApi: true },
  'GET /dev/payments/stand-in.css': { who: 'anyone', devOnly: true, notJsonApi: true },
  'GET /dev/payments/checkout/:sessionId': { who: 'anyone', devOnly: true, notJsonApi: true },
  'POST /dev/payments/checkout/:sessionId': { who: 'anyone', devOnly: true, notJsonApi: true },
  'GET /dev/payments/invoices': {
    who: 'anyone',
    devOnly: true,
    notJsonApi: true,
    query: { token: 'not-a-token' },
  },
  'GET /dev/oidc/interaction/:uid': { who: 'anyone', devOnly: true, notJsonApi: true },
  'POST /dev/oidc/interaction/:uid/login': { who: 'anyone', devOnly: true, notJsonApi: true },
  'POST /dev/oidc/interaction/:uid/create': { who: 'anyone', devOnly: true, notJsonApi: true },
  'GET /dev/oidc/*': { who: 'anyone', devOnly: true, notJsonApi: true },
  'DELETE /dev/oidc/*': { who: 'anyone', devOnly: true, notJsonApi: true },
  'OPTIONS /dev/oidc/*': { who: 'anyone', devOnly: true, notJsonApi: true },
  'PATCH /dev/oidc/*': { who: 'anyone', devOnly: true, notJsonApi: true },
  'PUT /dev/oidc/*': { who: 'anyone', devOnly: true, notJsonApi: true },
  'POST /dev/oidc/*': { who: 'anyone', devOnly: true, notJsonApi: true },
  'TRACE /dev/oidc/*': { who: 'anyone', devOnly: true, notJsonApi: true },
  'QUERY /dev/oidc/*': { who: 'anyone', devOnly: true, notJsonApi: true },
  'GET /index.html': { who: 'anyone', notJsonApi: true },
  'GET /favicon.ico': { who: 'anyone', notJsonApi: true },
};

/** The app's routes as `METHOD url` (HEAD is Fastify's automatic twin of GET). */
export function routeKeys(app: FastifyInstance): string[] {
  return [...new Set(app.routeTable.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`))];
}

/** Fills a route's :params (and a trailing * with a harmless path). */
export function pathOf(url: string, params: Record<string, string>): string {
  return url
    .replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? name))
    .replace(/\*$/, 'probe');
}

/** The people and objects of `World`, made through the real flows where there is one. */
export async function createWorld(t: TestApp): Promise<World> {
  const db = t.database.db;
  const person = await verifiedUserWithPoints(t, 5000);
  const other = await signedUpUser(t);
  const advertiserA = await signedInAdvertiser(t);
  const advertiserB = await signedInAdvertiser(t);
  const adminClient = await signedInAdmin(t);
  const signupPending = new TestHttpClient(t.url);
  await signInWithGoogle(signupPending, 'signup-pending@example.com');
  const underage = await refusedAsUnderage(t);

  const listed = await createAd(db);
  await person.client.json('POST', `/api/ads/${listed.id}/click`);
  const advertiserAd = await createAd(db, {
    advertiserId: advertiserA.uid,
    status: 'rejected',
    isActive: false,
    rejectionReason: '差し戻し',
  });
  const pending = await createAd(db, { advertiserId: advertiserB.uid, status: 'pending', isActive: false });
  await createTodaysDailyQuiz(db);
  const futureQuizDate = '20310101';
  const created = await adminClient.json('POST', '/api/admin/daily-quizzes', {
    ...dailyQuizInput,
    publishDate: '2031-01-01',
  });
  if (created.status !== 201) throw new Error(`daily quiz not created: ${JSON.stringify(created.body)}`);
  const gift = await person.client.json<{ id: string }>('POST', '/api/gift-requests', {
    giftType: 'amazon',
    points: 1000,
  });
  if (gift.status !== 201) throw new Error(`gift request not created: ${JSON.stringify(gift.body)}`);
  const session = await advertiserA.client.json<{ url: string }>(
    'POST',
    '/api/advertiser/card/setup-session',
  );
  const cardSessionId = session.body.url?.split('/').pop() ?? '';

  const [response] = await db.select().from(quizResponses).where(eq(quizResponses.adId, listed.id));
  if (!response) throw new Error('the user did not open the listed ad');
  const [row] = await db.select().from(users).where(eq(users.id, person.uid));
  if (!row) throw new Error('no user row');

  return {
    clients: {
      visitor: new TestHttpClient(t.url),
      user: person.client,
      otherUser: other.client,
      advertiser: advertiserA.client,
      otherAdvertiser: advertiserB.client,
      admin: adminClient,
      signupPending,
      underage,
    },
    userId: person.uid,
    otherUserId: other.uid,
    listedAdId: listed.id,
    advertiserAdId: advertiserAd.id,
    pendingAdId: pending.id,
    giftRequestId: gift.body.id,
    futureQuizDate,
    cardSessionId,
  };
}

/** Tables whose rows record the attempt rather than a change (throttling, session touches). */
const bookkeeping = new Set(['rate_limits', 'auth_sessions', 'auth_verifications', '__drizzle_migrations']);

/** A digest of every table's rows: equal digests, nothing changed. */
export async function databaseDigest(db: Executor): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    if (bookkeeping.has(name)) continue;
    const [row] = await queryRows<{ hash: string }>(
      db,
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from "${name}" t`),
    );
    digest[name] = row?.hash ?? '';
  }
  return digest;
}
