import { messages, rateLimits } from '@quiz-points/shared';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authVerifications, pageViews } from '../db/schema.ts';
import { PAGE_VIEW_LIMIT } from '../domain/analytics/record-page-view.ts';
import { useTestApp } from '../test/use-test-app.ts';

describe('writes anyone can make are limited per client address', () => {
  const t = useTestApp();

  const stored = async (table: typeof authVerifications | typeof pageViews) =>
    (await t.database.db.select({ rows: count() }).from(table))[0]?.rows;

  /** Both sign-in start paths take this body (each ignores the other's provider field). */
  const startSignIn = (remoteAddress: string, url = '/api/auth/sign-in/social') =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      payload: { provider: 'google', providerId: 'google', callbackURL: '/' },
    });

  it('starts Google sign-in up to the limit per address, then answers RATE_LIMITED and stores nothing', async () => {
    const address = '203.0.113.1';
    for (let i = 0; i < rateLimits.signInStart.limit; i++) {
      expect((await startSignIn(address)).statusCode, `start ${i}`).toBe(200);
    }
    const before = await stored(authVerifications);
    for (const url of [
      '/api/auth/sign-in/social',
      '/api/auth/sign-in/oauth2',
      '/api/auth/sign-in/social?x=1',
      // better-auth routes the URL after resolving dot segments, and so does the check.
      '/api/auth/callback/../sign-in/social',
      '/api/auth/x/%2e%2e/sign-in/oauth2',
    ]) {
      const refused = await startSignIn(address, url);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json(), url).toEqual({
        error: { code: 'RATE_LIMITED', message: messages.tooManyRequests },
      });
    }
    expect(await stored(authVerifications)).toBe(before);

    // The callback that finishes a sign-in is not limited; another address starts as before.
    const callback = await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback/google?state=unknown&code=x',
      remoteAddress: address,
    });
    expect(callback.statusCode).not.toBe(429);
    expect((await startSignIn('203.0.113.2')).statusCode).toBe(200);
  });

  it('stores page views up to the limit per address, then drops them (204) without a row', async () => {
    const view = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/analytics/page-views',
        remoteAddress,
        payload: { path: '/' },
      });
    const address = '203.0.113.3';
    const before = (await stored(pageViews)) ?? 0;
    for (let i = 0; i < PAGE_VIEW_LIMIT.limit; i++) expect((await view(address)).statusCode).toBe(204);
    expect(await stored(pageViews)).toBe(before + PAGE_VIEW_LIMIT.limit);
    for (let i = 0; i < 5; i++) expect((await view(address)).statusCode).toBe(204);
    expect(await stored(pageViews)).toBe(before + PAGE_VIEW_LIMIT.limit);
    expect((await view('203.0.113.4')).statusCode).toBe(204);
    expect(await stored(pageViews)).toBe(before + PAGE_VIEW_LIMIT.limit + 1);
  });
});
