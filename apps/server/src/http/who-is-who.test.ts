import { EMAIL_USED_BY_ADVERTISER, type Me, messages } from '@quiz-points/shared';
import { hashPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashEmail } from '../db/email-hash.ts';
import { authAccounts, users } from '../db/schema.ts';
import {
  latestMailedLink,
  signedInAdmin,
  signedInAdvertiser,
  signedUpUser,
  TEST_PASSWORD,
} from '../test/factories.ts';
import { type ErrorReply, googleSignIn, signInWithGoogle, TestHttpClient } from '../test/http-client.ts';
import { type TestAppHandle, useTestApp } from '../test/use-test-app.ts';

const signUpBody = (email: string) => ({
  displayName: '広告社',
  email,
  password: TEST_PASSWORD,
  agreeToTerms: true,
});

/** A password account as the old sign-up left it: an advertiser with any address, confirmed or not. */
async function passwordAccount(t: TestAppHandle, email: string, confirmed: boolean) {
  const id = `password-${email}`;
  await t.database.db.insert(users).values({
    id,
    name: '広告社',
    email,
    emailVerified: confirmed,
    emailHash: hashEmail(email),
    role: 'advertiser',
    cardRegistered: true,
  });
  await t.database.db.insert(authAccounts).values({
    id: `${id}-credential`,
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(TEST_PASSWORD),
  });
  return id;
}

const rowsWithEmail = (t: TestAppHandle, email: string) =>
  t.database.db.select().from(users).where(eq(users.email, email));

describe('who the admin is', () => {
  const t = useTestApp();

  it("refuses an advertiser sign-up with the admin's address, however it is written, and stores nothing", async () => {
    for (const email of [t.config.adminEmail, t.config.adminEmail.toUpperCase()]) {
      const client = new TestHttpClient(t.url);
      const refused = await client.json<ErrorReply>('POST', '/api/advertiser/sign-up', signUpBody(email));
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(messages.advertiserEmailTaken);
    }
    expect(await rowsWithEmail(t, t.config.adminEmail)).toEqual([]);
  });

  it("never makes a password account the admin, even one holding the admin's confirmed address", async () => {
    const id = await passwordAccount(t, t.config.adminEmail, true);
    const client = new TestHttpClient(t.url);
    const signIn = await client.json<{ advertiser: { isAdmin: boolean } }>(
      'POST',
      '/api/advertiser/sign-in',
      {
        email: t.config.adminEmail,
        password: TEST_PASSWORD,
      },
    );
    expect(signIn.status).toBe(200);
    expect(signIn.body.advertiser.isAdmin).toBe(false);
    for (const path of ['/api/admin/summary', '/api/admin/users?q=example', '/api/admin/gift-requests']) {
      expect((await client.json('GET', path)).status, path).toBe(403);
    }
    expect((await client.json<{ user: Me }>('GET', '/api/me')).body.user.isAdmin).toBe(false);
    expect((await client.json<{ isAdmin: boolean }>('GET', '/api/advertiser/pricing')).body.isAdmin).toBe(
      false,
    );
    await t.database.db.delete(users).where(eq(users.id, id));
  });

  it('lets the admin in through Google even after someone began an advertiser sign-up with the address', async () => {
    await passwordAccount(t, t.config.adminEmail, false);
    const admin = await signedInAdmin(t);
    expect((await admin.json('GET', '/api/admin/summary')).status).toBe(200);
    expect((await admin.json<{ user: Me }>('GET', '/api/me')).body.user).toMatchObject({
      isAdmin: true,
      role: 'user',
    });
    const rows = await rowsWithEmail(t, t.config.adminEmail);
    expect(rows.map((row) => row.role)).toEqual(['user']);
  });

  it('never sends the admin to the member profile form: the admin has no signup to finish', async () => {
    const admin = await signedInAdmin(t);
    const [row] = await rowsWithEmail(t, t.config.adminEmail);
    expect(row?.birthDate).toBeNull();
    expect((await admin.json<{ user: Me }>('GET', '/api/me')).body.user).toMatchObject({
      isAdmin: true,
      needsSignup: false,
    });
    // Anyone else signed in with Google and without a profile is sent there.
    const person = new TestHttpClient(t.url);
    await signInWithGoogle(person, 'no-profile-yet@example.com');
    expect((await person.json<{ user: Me }>('GET', '/api/me')).body.user).toMatchObject({
      isAdmin: false,
      needsSignup: true,
    });
  });
});

describe('one address, one account: Google users and advertisers, in both orders', () => {
  const t = useTestApp();

  it("an unconfirmed advertiser sign-up gives way to the address's Google sign-in; its link then signs no one in", async () => {
    const email = 'first-unconfirmed@example.com';
    const squatter = new TestHttpClient(t.url);
    expect((await squatter.json('POST', '/api/advertiser/sign-up', signUpBody(email))).status).toBe(201);
    const link = await latestMailedLink(t, email);

    const owner = new TestHttpClient(t.url);
    expect(await signInWithGoogle(owner, email)).toBe('/signup');
    expect((await owner.json<{ user: Me }>('GET', '/api/me')).body.user).toMatchObject({
      email,
      role: 'user',
      needsSignup: true,
    });

    await squatter.follow(link);
    expect((await squatter.json('GET', '/api/advertiser/me')).status).toBe(401);
    expect((await rowsWithEmail(t, email)).map((row) => row.role)).toEqual(['user']);
  });

  it('a confirmed advertiser keeps the address: a Google sign-in with it is refused with the reason, and changes nothing', async () => {
    const advertiser = await signedInAdvertiser(t, { email: 'first-advertiser@example.com' });
    const person = new TestHttpClient(t.url);
    const landed = await googleSignIn(person, advertiser.email);
    expect(landed.pathname).toBe('/');
    expect(landed.searchParams.get('signin')).toBe('failed');
    expect(landed.searchParams.get('error')).toBe(EMAIL_USED_BY_ADVERTISER);
    expect((await person.json<{ user: Me | null }>('GET', '/api/me')).body.user).toBeNull();

    const google = await t.database.db
      .select()
      .from(authAccounts)
      .where(and(eq(authAccounts.userId, advertiser.uid), eq(authAccounts.providerId, 'google')));
    expect(google).toEqual([]);
    const again = new TestHttpClient(t.url);
    const signIn = await again.json('POST', '/api/advertiser/sign-in', {
      email: advertiser.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(200);
  });

  it('a Google user keeps the address: an advertiser sign-up with it is refused', async () => {
    const member = await signedUpUser(t, { email: 'first-google@example.com' });
    const refused = await new TestHttpClient(t.url).json<ErrorReply>(
      'POST',
      '/api/advertiser/sign-up',
      signUpBody(member.email),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('EMAIL_TAKEN');
    expect((await member.client.json<{ user: Me }>('GET', '/api/me')).body.user.role).toBe('user');
    expect((await rowsWithEmail(t, member.email)).map((row) => row.role)).toEqual(['user']);
  });
});
