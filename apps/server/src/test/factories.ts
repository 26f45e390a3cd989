import { randomBytes } from 'node:crypto';
import { japanDateKey, signupBody } from '@quiz-points/shared';
import { hashPassword } from 'better-auth/crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { SESSION_COOKIE_NAME, signSessionToken } from '../../../../scripts/test-support.mjs';
import type { Database } from '../db/client.ts';
import { hashEmail } from '../db/email-hash.ts';
import { queryRows } from '../db/query-rows.ts';
import {
  ads,
  authAccounts,
  authSessions,
  dailyQuizzes,
  devOutbox,
  quizAnswers,
  users,
} from '../db/schema.ts';
import { completeSignup } from '../domain/accounts/complete-signup.ts';
import { applyPointChange } from '../domain/points/ledger.ts';
import { newReferralCode } from '../domain/referrals/new-referral-code.ts';
import { type ErrorReply, signInWithGoogle, TestHttpClient } from './http-client.ts';
import type { TestApp } from './test-app.ts';

/** An app to arrange data in: an in-process test app, or a group of server processes. */
export type AppUnderTest = Pick<TestApp, 'url' | 'database' | 'config'>;

let sequence = 0;

/** A general user who signed in with Google and finished signup. */
export async function signedUpUser(
  t: AppUnderTest,
  profile: { email?: string; birthYear?: number; gender?: 'male' | 'female' | 'other' } = {},
) {
  const client = new TestHttpClient(t.url);
  const email = profile.email ?? `user-${++sequence}-${Date.now()}@example.com`;
  await signInWithGoogle(client, email);
  const signup = await client.json('POST', '/api/signup', {
    birthYear: profile.birthYear ?? 1990,
    birthMonth: 1,
    birthDay: 1,
    agreeToTerms: true,
    ...(profile.gender ? { gender: profile.gender } : {}),
  });
  if (signup.status !== 200) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const me = await client.json<{ user: { uid: string } }>('GET', '/api/me');
  return { client, email, uid: me.body.user.uid };
}

/** Signed in with Google, then refused at signup as under 18 (so never a member). */
export async function refusedAsUnderage(t: AppUnderTest) {
  const client = new TestHttpClient(t.url);
  await signInWithGoogle(client, `underage-${++sequence}-${Date.now()}@example.com`);
  const signup = await client.json('POST', '/api/signup', {
    birthYear: new Date().getFullYear() - 15,
    birthMonth: 1,
    birthDay: 1,
    agreeToTerms: true,
  });
  if (signup.status !== 400)
    throw new Error(`an under-18 signup was not refused: ${JSON.stringify(signup.body)}`);
  return client;
}

type UserInsert = typeof users.$inferInsert;

/** A member's row (signup completed, born on 1 January 1990) to write straight to the users table. */
export function memberRow(id: string, overrides: Partial<UserInsert> = {}): UserInsert {
  return {
    id,
    email: `${id}@example.com`,
    emailHash: `hash-${id}`,
    birthDate: '1990-01-01',
    signupCompletedAt: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  };
}

/**
 * A member (signup completed, an adult) with a live session, written straight to the database, for
 * domain tests of the hot paths that take a session token. Returns the user's id and the token.
 */
export async function memberWithSession(db: Database, overrides: Partial<UserInsert> = {}) {
  const id = overrides.id ?? `member-${++sequence}`;
  await db.insert(users).values(memberRow(id, overrides));
  const token = `token-${id}`;
  await db.insert(authSessions).values({
    id: `session-${id}`,
    token,
    userId: id,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  return { id, token };
}

type AdInsert = typeof ads.$inferInsert;

/** An approved, active ad's row, with a title of its own. */
export const adRow = (values: Partial<AdInsert> = {}): AdInsert => ({
  adProvider: 'テスト社',
  adUrl: 'https://example.com/ad',
  adTitle: `テスト広告 ${++sequence}`,
  quizQuestion: 'テストの質問は？',
  quizOptions: ['いち', 'に', 'さん'],
  userReward: 20,
  unitPrice: 40,
  maxDeliveries: 100,
  status: 'approved',
  isActive: true,
  ...values,
});

/** An approved, active ad with its correct option (2 unless given). */
export async function createAd(db: Database, overrides: Partial<AdInsert> & { correctOption?: number } = {}) {
  const { correctOption = 2, ...values } = overrides;
  const [ad] = await db.insert(ads).values(adRow(values)).returning();
  await db.insert(quizAnswers).values({ adId: ad!.id, correctOptionIndex: correctOption });
  return ad!;
}

/** Many approved, active ads in one statement, the i-th (from 0) with `valuesOf(i)`; correct option 2. */
export async function createAds(
  db: Database,
  count: number,
  valuesOf: (i: number) => Partial<AdInsert> = () => ({}),
) {
  const created = await db
    .insert(ads)
    .values(Array.from({ length: count }, (_, i) => adRow(valuesOf(i))))
    .returning();
  await db.insert(quizAnswers).values(created.map((ad) => ({ adId: ad.id, correctOptionIndex: 2 })));
  return created;
}

export async function createTodaysDailyQuiz(db: Database, now = new Date()) {
  const [quiz] = await db
    .insert(dailyQuizzes)
    .values({
      publishDate: japanDateKey(now),
      quizQuestion: '今日のクイズ',
      quizOptions: ['A', 'B', 'C'],
      correctOptionIndex: 3,
      explanation: '正解はCです。',
    })
    .returning();
  return quiz!;
}

/** Marks the phone verified and credits points through the ledger (as an admin adjustment). */
export async function verifiedUserWithPoints(t: AppUnderTest, points: number) {
  const person = await signedUpUser(t);
  await t.database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ phoneVerifiedAt: new Date(), phoneHash: `phone-${person.uid}` })
      .where(eq(users.id, person.uid));
    await applyPointChange(tx, {
      userId: person.uid,
      points,
      reason: 'admin_adjustment',
      ref: `grant-${points}`,
    });
  });
  return person;
}

/** A client signed in as the admin account (ADMIN_EMAIL). */
export async function signedInAdmin(t: AppUnderTest): Promise<TestHttpClient> {
  const admin = new TestHttpClient(t.url);
  await signInWithGoogle(admin, t.config.adminEmail);
  return admin;
}

/** The newest link mailed to this address by the mail stand-in. */
export async function latestMailedLink(t: AppUnderTest, to: string): Promise<string> {
  const mail = await t.database.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.to, to))
    .orderBy(desc(devOutbox.id))
    .limit(1);
  const link = /(https?:\/\/\S+)/.exec(mail[0]?.text ?? '')?.[1];
  if (!link) throw new Error(`no link mailed to ${to}`);
  return link;
}

export const TEST_PASSWORD = 'correct-horse-1234';

/** The advertiser sign-up form (password TEST_PASSWORD), sent as the browser sends it. */
export function advertiserSignUp(client: TestHttpClient, email: string, displayName = 'テスト広告社') {
  return client.json<ErrorReply>('POST', '/api/advertiser/sign-up', {
    displayName,
    email,
    password: TEST_PASSWORD,
    agreeToTerms: true,
  });
}

/**
 * An advertiser who signed up, opened the mailed confirmation link (which signs them in) and, unless
 * told otherwise, has a card on file.
 */
export async function signedInAdvertiser(t: AppUnderTest, options: { card?: boolean; email?: string } = {}) {
  const client = new TestHttpClient(t.url);
  const email = options.email ?? `advertiser-${++sequence}-${Date.now()}@example.com`;
  const signUp = await advertiserSignUp(client, email);
  if (signUp.status !== 201) throw new Error(`advertiser sign-up failed: ${JSON.stringify(signUp.body)}`);
  await client.follow(await latestMailedLink(t, email));
  if (options.card ?? true) {
    await t.database.db.update(users).set({ cardRegistered: true }).where(eq(users.email, email));
  }
  const me = await client.json<{ advertiser: { uid: string } }>('GET', '/api/advertiser/me');
  if (me.status !== 200) throw new Error(`advertiser not signed in: ${JSON.stringify(me.body)}`);
  return { client, email, uid: me.body.advertiser.uid };
}

/**
 * `count` deliveries of an approved ad to new members, taken from its slots as clicks would, each
 * keeping its member's gender and age band as the click does.
 */
export async function recordDeliveries(db: Database, adId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const member = await memberWithSession(db);
    await db.execute(sql`
      with taken as (
        update ad_delivery_slots set remaining = remaining - 1
        where (ad_id, slot) = (select ad_id, slot from ad_delivery_slots
                               where ad_id = ${adId} and remaining > 0 order by slot limit 1)
        returning ad_id)
      insert into ad_deliveries (ad_id, user_id, unit_price, gender, age_band)
      select taken.ad_id, u.id, ads.unit_price, u.gender, qp_age_band(u.birth_date, now())
      from taken join ads on ads.id = taken.ad_id join users u on u.id = ${member.id}`);
  }
}

/** An ad's deliveries (ad_deliveries) and the room its slots still hold. */
export async function deliveryState(db: Database, adId: string) {
  const [row] = await queryRows<{ delivered: number; remaining: number; isActive: boolean }>(
    db,
    sql`select (select count(*)::int from ad_deliveries where ad_id = ${adId}) as delivered,
               (select coalesce(sum(remaining), 0)::int from ad_delivery_slots where ad_id = ${adId}) as remaining,
               (select is_active from ads where id = ${adId}) as "isActive"`,
  );
  return row!;
}

/** Someone signed in: their client (holding the session cookie), id and address. */
export interface Person {
  client: TestHttpClient;
  uid: string;
  email: string;
}

const uniqueEmail = (kind: string) => `${kind}-${++sequence}-${randomBytes(3).toString('hex')}@example.com`;

/**
 * The row a sign-in makes for `email` (as services/identity/auth.ts's hook fills it), or the one
 * already there: the admin, signed in twice, is one person.
 */
async function personRow(db: Database, email: string, values: Partial<typeof users.$inferInsert>) {
  const [created] = await db
    .insert(users)
    .values({
      id: `person-${++sequence}-${randomBytes(6).toString('hex')}`,
      name: 'テスト ユーザー',
      email,
      emailVerified: true,
      emailHash: hashEmail(email),
      referralCode: newReferralCode(),
      ...values,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (created) return created.id;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return existing!.id;
}

/** A client holding a new session for `userId`, written straight to the database and signed as better-auth signs it. */
async function sessionClient(t: AppUnderTest, userId: string): Promise<TestHttpClient> {
  const token = randomBytes(24).toString('base64url');
  await t.database.db.insert(authSessions).values({
    id: `session-${token}`,
    token,
    userId,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  return new TestHttpClient(
    t.url,
    new Map([[SESSION_COOKIE_NAME, signSessionToken(token, t.config.authSecret)]]),
  );
}

export interface UserOptions {
  email?: string;
  birthYear?: number;
  gender?: 'male' | 'female' | 'other';
  /** Points credited through the ledger (as an admin adjustment) after the signup bonus. */
  points?: number;
  /** A verified phone (needed to exchange points); on when `points` are given. */
  phoneVerified?: boolean;
  /** Signed in with Google but never completed signup. */
  signupPending?: boolean;
}

/**
 * A general user signed in straight through the database: the row Google's sign-in makes, signup
 * completed by the domain function (so the bonus is in the ledger) and a session. The real Google
 * journey is walked by the identity tests (`signedUpUser`).
 */
export async function userSession(t: AppUnderTest, options: UserOptions = {}): Promise<Person> {
  const { db } = t.database;
  const email = options.email ?? uniqueEmail('user');
  const uid = await personRow(db, email, { role: 'user' });
  if (!options.signupPending) {
    await completeSignup({
      db,
      userId: uid,
      input: signupBody.parse({
        birthYear: options.birthYear ?? 1990,
        birthMonth: 1,
        birthDay: 1,
        agreeToTerms: true,
        ...(options.gender ? { gender: options.gender } : {}),
      }),
    });
  }
  if (options.phoneVerified ?? options.points !== undefined) {
    await db
      .update(users)
      .set({ phoneVerifiedAt: new Date(), phoneHash: `phone-${uid}` })
      .where(eq(users.id, uid));
  }
  if (options.points !== undefined) {
    await db.transaction((tx) =>
      applyPointChange(tx, {
        userId: uid,
        points: options.points!,
        reason: 'admin_adjustment',
        ref: `grant-${options.points}`,
      }),
    );
  }
  return { client: await sessionClient(t, uid), uid, email };
}

let passwordHash: Promise<string> | undefined;
/** Hashing is slow on purpose: once per test file is enough. */
const testPasswordHash = () => {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return passwordHash;
};

/** A confirmed advertiser's row (password TEST_PASSWORD), with a card on file unless told otherwise. */
export async function createAdvertiser(db: Database, options: { card?: boolean; email?: string } = {}) {
  const email = options.email ?? uniqueEmail('advertiser');
  const id = await personRow(db, email, {
    role: 'advertiser',
    name: 'テスト広告社',
    displayName: 'テスト広告社',
    cardRegistered: options.card ?? true,
  });
  await db.insert(authAccounts).values({
    id: `account-${id}`,
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await testPasswordHash(),
  });
  return { id, email };
}

/** An ad an advertiser submitted, waiting for review, with the advertiser's address (a new advertiser's). */
export async function createPendingAd(db: Database, overrides: Parameters<typeof createAd>[1] = {}) {
  const advertiser = await createAdvertiser(db);
  const ad = await createAd(db, {
    status: 'pending',
    isActive: false,
    advertiserId: advertiser.id,
    ...overrides,
  });
  return { ...ad, advertiserEmail: advertiser.email };
}

/** A confirmed advertiser with a session (see `createAdvertiser`). */
export async function advertiserSession(
  t: AppUnderTest,
  options: { card?: boolean; email?: string } = {},
): Promise<Person> {
  const { id, email } = await createAdvertiser(t.database.db, options);
  return { client: await sessionClient(t, id), uid: id, email };
}

/** The admin (the Google identity with ADMIN_EMAIL) with a new session. */
export async function adminSession(t: AppUnderTest): Promise<TestHttpClient> {
  return sessionClient(t, await personRow(t.database.db, t.config.adminEmail, { role: 'user' }));
}

/** Who to be, for a test app made later (useTestApp): each call is a new session (and, but for the admin, a new person). */
export function sessionsFor(app: () => AppUnderTest) {
  return {
    user: (options?: UserOptions) => userSession(app(), options),
    advertiser: (options?: { card?: boolean; email?: string }) => advertiserSession(app(), options),
    admin: () => adminSession(app()),
    visitor: () => new TestHttpClient(app().url),
  };
}

/** A ledger entry at a given instant (a gain when points > 0, a use when < 0). */
export interface DatedEntry {
  points: number;
  at: Date;
  memo?: string;
}

/**
 * Ledger entries dated in the past, in one transaction: each goes through the ledger (row and
 * balance, so a use cannot overdraw at its place in `entries`), then takes its date, which the
 * ledger itself always sets to now. Returns the entries' ids in the order given.
 */
export async function datedLedgerEntries(db: Database, userId: string, entries: DatedEntry[]) {
  const batch = `dated-${++sequence}`;
  return db.transaction(async (tx) => {
    for (const [index, entry] of entries.entries()) {
      await applyPointChange(tx, {
        userId,
        points: entry.points,
        reason: 'admin_adjustment',
        ref: `${batch}-${index}`,
        memo: entry.memo,
      });
    }
    const dates = sql.join(
      entries.map((entry, index) => sql`(${`${batch}-${index}`}, ${entry.at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    const rows = await queryRows<{ id: number; ref: string }>(
      tx,
      sql`update point_transactions t set created_at = dated.at
          from (values ${dates}) as dated(ref, at)
          where t.user_id = ${userId} and t.reason = 'admin_adjustment' and t.ref = dated.ref
          returning t.id::float8 as id, t.ref`,
    );
    const ids = new Map(rows.map((row) => [row.ref, row.id]));
    return entries.map((_, index) => ids.get(`${batch}-${index}`)!);
  });
}
