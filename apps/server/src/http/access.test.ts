import { type Me, messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { type ErrorReply, signInWithGoogle, TestHttpClient } from '../test/http-client.ts';
import { useTestApp } from '../test/use-test-app.ts';

describe('sessions, CSRF and who may do what', () => {
  const t = useTestApp();

  it('issues an HttpOnly, SameSite session cookie and a new session at each sign-in; logout ends it', async () => {
    const client = new TestHttpClient(t.url);
    const start = await client.raw('/api/auth/sign-in/social', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'google', callbackURL: '/' }),
    });
    const { url } = (await start.json()) as { url: string };
    const login = await client.follow(url);
    await login.response.text();
    const action = new URL(login.url).pathname;
    let response = await client.raw(`${action}/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=cookie%40example.com&name=x',
    });
    const setCookies: string[] = [];
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 10; hops++) {
      setCookies.push(...response.headers.getSetCookie());
      response = await client.raw(new URL(response.headers.get('location')!, t.url).toString());
    }
    const session = setCookies.find((cookie) => cookie.startsWith('qp.session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const firstToken = client.cookieHeader();

    await signInWithGoogle(client, 'cookie@example.com');
    expect(client.cookieHeader()).not.toBe(firstToken);
    expect((await client.json<{ user: Me | null }>('GET', '/api/me')).body.user?.email).toBe(
      'cookie@example.com',
    );

    expect((await client.json('POST', '/api/auth/sign-out', {})).status).toBe(200);
    expect((await client.json<{ user: Me | null }>('GET', '/api/me')).body.user).toBeNull();
  });

  it('refuses a state-changing request from another origin', async () => {
    const client = new TestHttpClient(t.url);
    await signInWithGoogle(client, 'csrf@example.com');
    const response = await client.raw('/api/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ birthYear: 1990, birthMonth: 1, birthDay: 1, agreeToTerms: true }),
    });
    expect(response.status).toBe(403);
    expect((await client.json<{ user: Me }>('GET', '/api/me')).body.user.needsSignup).toBe(true);
  });

  it('refuses forged uid and points fields', async () => {
    const client = new TestHttpClient(t.url);
    await signInWithGoogle(client, 'forger@example.com');
    const victim = new TestHttpClient(t.url);
    await signInWithGoogle(victim, 'victim@example.com');
    const victimId = (await victim.json<{ user: Me }>('GET', '/api/me')).body.user.uid;
    const signup = { birthYear: 1990, birthMonth: 1, birthDay: 1, agreeToTerms: true };
    expect((await client.json<ErrorReply>('POST', '/api/signup', { ...signup, uid: victimId })).status).toBe(
      400,
    );
    expect((await client.json('POST', '/api/signup', signup)).status).toBe(200);
    for (const body of [
      { occupation: '学生', uid: victimId },
      { occupation: '学生', points: 99999 },
    ]) {
      expect((await client.json<ErrorReply>('PUT', '/api/account', body)).status).toBe(400);
    }
    expect((await victim.json<{ user: Me }>('GET', '/api/me')).body.user).toMatchObject({
      needsSignup: true,
      points: 0,
    });
  });

  it('lets only the admin suspend, and a suspended user is signed out at once', async () => {
    const user = new TestHttpClient(t.url);
    await signInWithGoogle(user, 'to-suspend@example.com');
    const userId = (await user.json<{ user: Me }>('GET', '/api/me')).body.user.uid;

    const other = new TestHttpClient(t.url);
    await signInWithGoogle(other, 'not-admin@example.com');
    const refused = await other.json<ErrorReply>('POST', `/api/admin/users/${userId}/suspension`, {
      suspended: true,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(messages.forbidden);
    expect(
      (
        await new TestHttpClient(t.url).json('POST', `/api/admin/users/${userId}/suspension`, {
          suspended: true,
        })
      ).status,
    ).toBe(401);

    const admin = await t.as.admin();
    const done = await admin.json('POST', `/api/admin/users/${userId}/suspension`, {
      suspended: true,
      reason: '不正',
    });
    expect(done.status).toBe(200);
    expect((await user.json<{ user: Me | null }>('GET', '/api/me')).body.user).toBeNull();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ banned: true, banReason: '不正' });
  });
});
