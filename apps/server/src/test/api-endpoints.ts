import { api, type Audience as DeclaredAudience, type Endpoint, japanIsoDate } from '@quiz-points/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { invoices, quizResponses, users } from '../db/schema.ts';
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
import { pngFile } from './image-files.ts';
import { createTestApp, type TestApp } from './test-app.ts';

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
  /** The other advertiser's id (the admin's advertiser list). */
  otherAdvertiserId: string;
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
  /** A notice shown today; and one whose window starts in the future (no member may see it). */
  noticeId: string;
  futureNoticeId: string;
  /** The advertiser's own card-setup session. */
  cardSessionId: string;
  /** An invoice of the advertiser's own ad. */
  invoiceId: string;
  /** A small PNG: a valid upload for an ad's image. */
  imageFile: Buffer;
}

export interface EndpointRule {
  /** Who may call it. Anyone else is refused (401 without a session, 403 with the wrong one). */
  who: 'anyone' | readonly Audience[];
  /** Values for the path's :params. */
  params?: (world: World) => Record<string, string>;
  /** A valid JSON body; the bad-input suite breaks it field by field. */
  body?: (world: World) => Record<string, unknown>;
  /** An upload route's valid raw body (its declaration's `upload`), sent instead of JSON. */
  upload?: (world: World) => { contentType: string; bytes: Uint8Array };
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

const dailyQuizInput = api.admin.createDailyQuiz.example.body;

/** One rule for several routes: the same world value, or the same kind of route. */
const sameRule = (rule: Partial<EndpointRule>, routes: readonly string[]) =>
  Object.fromEntries(routes.map((route) => [route, rule]));
/** A route that is not the JSON API (a page, a file, the identity protocol), open to anyone. */
const page = { who: 'anyone', notJsonApi: true } as const;
/** A development stand-in's page: the production app must not have it. */
const devPage = { ...page, devOnly: true } as const;

/**
 * What the declarations cannot say: values from the test's world (ids in paths, a body that names
 * one), and the routes that are not declared JSON endpoints (pages, files, the identity protocol,
 * development stand-ins), with who may call them. Everything else — who may call a declared
 * endpoint, a valid body or query, which fields are optional — comes from its declaration
 * (packages/shared/src/<area>/endpoints.ts), through `endpointRules`.
 */
const worldValues: Record<string, Partial<EndpointRule>> = {
  ...sameRule(page, ['GET /healthz', 'GET /readyz', 'GET /api/auth/*', 'POST /api/auth/*']),
  // Open to METRICS_ALLOW only (127.0.0.1 in tests); everyone else gets the app's 404.
  'GET /metrics': page,
  'GET /api/zip-codes/:zipCode': { params: () => ({ zipCode: '1000001' }) },
  'GET /api/admin/users/:userId': { params: (w) => ({ userId: w.userId }) },
  'POST /api/admin/users/:userId/suspension': { params: (w) => ({ userId: w.otherUserId }) },
  ...sameRule({ params: (w) => ({ userId: w.otherAdvertiserId }) }, [
    'GET /api/admin/advertisers/:userId',
    'POST /api/admin/advertisers/:userId/suspension',
  ]),
  ...sameRule({ params: (w) => ({ adId: w.pendingAdId }) }, [
    'POST /api/admin/ads/:adId/approve',
    'POST /api/admin/ads/:adId/reject',
  ]),
  'PUT /api/admin/daily-quizzes/:publishDate': { params: (w) => ({ publishDate: w.futureQuizDate }) },
  'PUT /api/admin/settings/:key': { params: () => ({ key: 'dailyQuizPoints' }) },
  ...sameRule({ params: (w) => ({ noticeId: w.noticeId }) }, [
    'PUT /api/admin/notices/:noticeId',
    'POST /api/notices/:noticeId/read',
  ]),
  ...sameRule({ params: (w) => ({ adId: w.listedAdId }) }, [
    'POST /api/ads/:adId/click',
    'GET /api/ads/:adId/quiz',
    'POST /api/ads/:adId/answer',
  ]),
  ...sameRule({ params: (w) => ({ requestId: w.giftRequestId }) }, [
    'POST /api/admin/gift-requests/:requestId/issue',
    'POST /api/admin/gift-requests/:requestId/reject',
  ]),
  'POST /api/admin/gift-codes/:codeId/withdraw': { params: () => ({ codeId: '1' }) },
  ...sameRule({ params: (w) => ({ adId: w.advertiserAdId }) }, [
    'GET /api/advertiser/ads/:adId',
    'PUT /api/advertiser/ads/:adId',
    'POST /api/advertiser/ads/:adId/end',
    'POST /api/advertiser/ads/:adId/limit',
    'PUT /api/advertiser/ads/:adId/draft',
    'POST /api/advertiser/ads/:adId/submit',
    'POST /api/advertiser/ads/:adId/duplicate',
    'POST /api/advertiser/ads/:adId/pause',
    'POST /api/advertiser/ads/:adId/resume',
    'GET /api/advertiser/ads/:adId/report',
    'GET /api/advertiser/ads/:adId/report.csv',
    'PUT /api/advertiser/ads/:adId/image',
    'DELETE /api/advertiser/ads/:adId/image',
  ]),
  'POST /api/advertiser/ads/bulk': { body: (w) => ({ action: 'pause', adIds: [w.advertiserAdId] }) },
  'POST /api/advertiser/card/complete': { body: (w) => ({ sessionId: w.cardSessionId }) },
  'GET /api/advertiser/invoices/:invoiceId/pdf': { params: (w) => ({ invoiceId: w.invoiceId }) },
  'POST /api/admin/failed-charges/:invoiceId/retry': { params: (w) => ({ invoiceId: w.invoiceId }) },
  // Anyone may knock; only a payload signed with the webhook secret is acted on.
  'POST /api/payments/webhook': { body: () => ({ id: 'evt_1', type: 'invoice.paid' }) },
  'GET /sample-ads/*': page,
  // Ads' image files, public by their unguessable content-hash names.
  'GET /images/:name': page,
  ...sameRule({ devOnly: true }, ['GET /api/dev/sms', 'GET /api/dev/mail']),
  ...sameRule(devPage, [
    'GET /dev/sms',
    'GET /dev/mail',
    'GET /dev/openapi.json',
    'GET /dev/payments/stand-in.css',
    'GET /dev/payments/checkout/:sessionId',
    'POST /dev/payments/checkout/:sessionId',
    'POST /dev/payments/run-monthly-billing',
    'GET /dev/oidc/interaction/:uid',
    'POST /dev/oidc/interaction/:uid/login',
    'POST /dev/oidc/interaction/:uid/create',
    ...['GET', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'TRACE', 'QUERY'].map(
      (method) => `${method} /dev/oidc/*`,
    ),
  ]),
  'GET /dev/payments/invoices': { ...devPage, query: { token: 'not-a-token' } },
  ...sameRule(page, [
    'GET /index.html',
    'GET /favicon.ico',
    'GET /sw.js',
    // Its compressed copies, as the build writes them (sent for /sw.js to browsers that accept them).
    'GET /sw.js.br',
    'GET /sw.js.gz',
    'GET /manifest.webmanifest',
  ]),
};

/** Who must be let in, for each declared audience (everyone else is refused). */
const callersOf: Record<DeclaredAudience, EndpointRule['who']> = {
  anyone: 'anyone',
  signedIn: [...googleUser, 'advertiser'],
  googleUser,
  member: user,
  memberSession: user,
  advertiser,
  advertiserOrAdmin,
  admin,
};

/** Top-level fields of an object schema that may be left out. */
function optionalFields(schema: z.ZodType | undefined): string[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([, field]) => field.safeParse(undefined).success)
    .map(([name]) => name);
}

function ruleOf(endpoint: Endpoint, values: Partial<EndpointRule> = {}): EndpointRule {
  const example = endpoint.example;
  const body = example?.body as Record<string, unknown> | undefined;
  return {
    who: callersOf[endpoint.audience],
    params: values.params,
    body: values.body ?? (body ? () => structuredClone(body) : undefined),
    upload: endpoint.upload
      ? (world) => ({ contentType: 'application/octet-stream', bytes: world.imageFile })
      : undefined,
    optional: optionalFields(endpoint.body),
    query: values.query ?? example?.query,
    devOnly: values.devOnly,
  };
}

/**
 * Every route of the app, by `METHOD url` as its route table lists it: the declared ones ruled by
 * their declarations, the rest by `worldValues`. A route with neither is missing (the suites fail).
 */
export function endpointRules(app: FastifyInstance): Record<string, EndpointRule> {
  const rules: Record<string, EndpointRule> = {};
  for (const route of app.routeTable) {
    if (route.method === 'HEAD') continue;
    const key = `${route.method} ${route.url}`;
    const values = worldValues[key];
    if (route.endpoint) rules[key] = ruleOf(route.endpoint, values);
    else if (values?.who) rules[key] = values as EndpointRule;
  }
  return rules;
}

/** Every endpoint declared in packages/shared/src/<area>/endpoints.ts, whether or not an app registered it. */
export const declaredEndpoints: readonly Endpoint[] = Object.values(api).flatMap((area) =>
  Object.values(area as Record<string, Endpoint>),
);

/** Whether a route exists only outside production (the development stand-ins). */
export const isDevOnly = (key: string) =>
  worldValues[key]?.devOnly === true || key.includes(' /api/dev/') || key.includes(' /dev/');

/** Every route the app has in production: the declared ones and the plain ones, stand-ins left out. */
export function productionRouteKeys(): string[] {
  const keys = [...declaredEndpoints.map((e) => `${e.method} ${e.path}`), ...Object.keys(worldValues)];
  return [...new Set(keys)].filter((key) => !isDevOnly(key));
}

/** Keys of `worldValues` that still say who may call a declared endpoint (the declaration says it). */
export function saidTwice(app: FastifyInstance): string[] {
  return app.routeTable
    .filter((route) => route.endpoint && worldValues[`${route.method} ${route.url}`]?.who)
    .map((route) => `${route.method} ${route.url}`);
}

/** Keys of `worldValues` that match no route of the app (development routes count in development). */
export function staleValues(app: FastifyInstance): string[] {
  const keys = new Set(app.routeTable.map((route) => `${route.method} ${route.url}`));
  return Object.keys(worldValues).filter((key) => !keys.has(key));
}

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
  const postNotice = async (window: { startsOn: string; endsOn: string }) => {
    const body = { ...api.notices.postNotice.example.body, ...window };
    const posted = await adminClient.json<{ id: string }>('POST', '/api/admin/notices', body);
    if (posted.status !== 201) throw new Error(`notice not posted: ${JSON.stringify(posted.body)}`);
    return posted.body.id;
  };
  const today = japanIsoDate(new Date());
  const noticeId = await postNotice({ startsOn: today, endsOn: today });
  const futureNoticeId = await postNotice({ startsOn: '2031-01-01', endsOn: '2031-01-10' });
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
  const [invoice] = await db
    .insert(invoices)
    .values({
      adId: advertiserAd.id,
      advertiserId: advertiserA.uid,
      period: '202601',
      deliveries: 1,
      unitPrice: 100,
      subtotal: 100,
      tax: 10,
      total: 110,
      status: 'charged',
    })
    .returning({ id: invoices.id });
  if (!invoice) throw new Error('no invoice');

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
    otherAdvertiserId: advertiserB.uid,
    listedAdId: listed.id,
    advertiserAdId: advertiserAd.id,
    pendingAdId: pending.id,
    giftRequestId: gift.body.id,
    futureQuizDate,
    noticeId,
    futureNoticeId,
    cardSessionId,
    invoiceId: invoice.id,
    imageFile: await pngFile(640, 335),
  };
}

/**
 * What a request to a route sends: its upload's bytes, its JSON body, or nothing (with any other
 * headers given).
 */
export function requestOf(rule: EndpointRule, world: World, headers: Record<string, string> = {}) {
  const upload = rule.upload?.(world);
  if (upload) return { headers: { ...headers, 'content-type': upload.contentType }, body: upload.bytes };
  const body = rule.body?.(world);
  return {
    headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    body: body ? JSON.stringify(body) : undefined,
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

/** The database's digest and what the image storage holds: equal, nothing was changed or stored. */
export async function stateDigest(t: TestApp): Promise<Record<string, string>> {
  return {
    ...(await databaseDigest(t.database.db)),
    'image storage': (await t.images.list()).sort().join(' '),
  };
}

/** The suites' set-up: the app listening on PGlite, its world, and every route's rule. */
export interface ApiWorld {
  t: TestApp;
  world: World;
  rules: Record<string, EndpointRule>;
}

export function useApiWorld(): ApiWorld {
  const suite = {} as ApiWorld;
  beforeAll(async () => {
    suite.t = await createTestApp('pglite', { listen: true });
    suite.world = await createWorld(suite.t);
    suite.rules = endpointRules(suite.t.app);
  }, 120_000);
  afterAll(() => suite.t.close());
  return suite;
}
