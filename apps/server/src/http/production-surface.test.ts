import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { isDevOnly, productionRouteKeys, routeKeys } from '../test/api-endpoints.ts';
import { advertiserSignUp, TEST_PASSWORD } from '../test/factories.ts';
import { TestHttpClient } from '../test/http-client.ts';
import { createProductionTestApp } from '../test/production-app.ts';
import type { TestApp } from '../test/test-app.ts';

/**
 * The app as production builds it (HTTPS public URL, no stand-ins): no development route exists,
 * every response carries the security headers with HSTS, and session cookies are
 * Secure, HttpOnly and SameSite=Lax.
 */
describe('the production surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createProductionTestApp({ listen: true });
  });
  afterAll(() => t?.close());

  it('has no development stand-in, and every other declared or listed route', () => {
    const keys = routeKeys(t.app);
    expect(keys.filter(isDevOnly)).toEqual([]);
    const expected = productionRouteKeys();
    expect(keys.filter((key) => !expected.includes(key))).toEqual([]);
    expect(expected.filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('sends the security headers on every kind of response', async () => {
    const client = new TestHttpClient(t.url);
    const responses = await Promise.all([
      client.raw('/index.html'),
      client.raw('/api/me'),
      client.raw('/api/no-such-endpoint'),
      client.raw('/dev/mail'),
      client.raw(`/api/ads/${'x'.repeat(300)}/quiz`),
      client.raw('/api/gacha/claim', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{}',
      }),
    ]);
    for (const response of responses) {
      await response.arrayBuffer();
      const label = `${response.url} ${response.status}`;
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, label).toMatch(/script-src 'self'/);
      expect(csp, label).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp, label).toMatch(/frame-ancestors 'none'/);
      expect(csp, label).toMatch(/upgrade-insecure-requests/);
      expect(response.headers.get('strict-transport-security'), label).toMatch(/max-age=\d+/);
      expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options'), label).toBe('SAMEORIGIN');
    }
  });

  it('issues Secure, HttpOnly, SameSite session cookies, a new session at each sign-in, and ends it at logout', async () => {
    const email = 'secure-cookie@example.com';
    const client = new TestHttpClient(t.url);
    const signUp = await advertiserSignUp(client, email, '安全広告社');
    expect(signUp.status).toBe(201);
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));

    // A session id planted before sign-in (fixation) is never the one the sign-in hands out.
    const planted = new Map([['__Secure-qp.session_token', 'planted-by-an-attacker']]);
    const browser = new TestHttpClient(t.url, planted);
    const signIn = (on = client) =>
      on.raw('/api/advertiser/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: TEST_PASSWORD }),
      });
    expect((await signIn(browser)).status).toBe(200);
    expect(browser.cookieHeader()).not.toContain('planted-by-an-attacker');
    const first = await signIn();
    expect(first.status).toBe(200);
    const cookies = first.headers.getSetCookie();
    const session = cookies.find((cookie) => /^__Secure-qp\.session_token=/.test(cookie));
    expect(session, cookies.join('\n')).toBeDefined();
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    const firstToken = client.cookieHeader();
    expect((await client.json('GET', '/api/advertiser/me')).status).toBe(200);

    expect((await signIn()).status).toBe(200);
    expect(client.cookieHeader()).not.toBe(firstToken);

    expect((await client.json('POST', '/api/auth/sign-out', {})).status).toBe(200);
    expect((await client.json('GET', '/api/advertiser/me')).status).toBe(401);
  });
});
