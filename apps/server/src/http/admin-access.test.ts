import { randomUUID } from 'node:crypto';
import { messages } from '@quiz-points/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestHttpClient } from '../test/http-client.ts';
import { useTestApp } from '../test/use-test-app.ts';

/**
 * Every /api/admin/ endpoint, read from the server's own route table (so a new one cannot be
 * forgotten), refuses anyone but the admin: no session 401, a user or an advertiser 403
 * アクセス権限がありません.
 */
describe('every admin endpoint refuses everyone but the admin', () => {
  const t = useTestApp();
  let adminRoutes: { method: string; url: string; path: string }[];
  beforeAll(async () => {
    adminRoutes = t.app.routeTable
      .filter((route) => route.url.startsWith('/api/admin/'))
      .map((route) => ({ ...route, path: route.url.replace(/:[A-Za-z]+/g, randomUUID()) }));
  });

  const call = async (client: TestHttpClient, route: { method: string; path: string }) => {
    const hasBody = !['GET', 'HEAD'].includes(route.method);
    const response = await client.raw(route.path, {
      method: route.method,
      headers: hasBody ? { 'content-type': 'application/json' } : {},
      body: hasBody ? '{}' : undefined,
    });
    const text = await response.text();
    const body = route.method === 'HEAD' ? null : (JSON.parse(text) as { error?: { message: string } });
    const message = body?.error?.message ?? null;
    return { status: response.status, message };
  };

  it('reads the admin routes from the route table', () => {
    const names = adminRoutes.map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/admin/summary',
        'POST /api/admin/ads/:adId/approve',
        'PUT /api/admin/daily-quizzes/:publishDate',
        'GET /api/admin/gift-requests',
        'PUT /api/admin/settings/:key',
        'GET /api/admin/users/:userId',
        'POST /api/admin/users/:userId/suspension',
        'GET /api/admin/advertisers',
        'GET /api/admin/advertisers/:userId',
        'POST /api/admin/advertisers/:userId/suspension',
        'GET /api/admin/dashboard',
      ]),
    );
  });

  it('answers 401 without a session', async () => {
    const visitor = new TestHttpClient(t.url);
    for (const route of adminRoutes) {
      expect((await call(visitor, route)).status, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 アクセス権限がありません to a user and to an advertiser', async () => {
    const { client: user } = await t.as.user();
    const { client: advertiser } = await t.as.advertiser();
    for (const [who, client] of [
      ['user', user],
      ['advertiser', advertiser],
    ] as const) {
      for (const route of adminRoutes) {
        const answer = await call(client, route);
        const label = `${who}: ${route.method} ${route.url}`;
        expect(answer.status, label).toBe(403);
        if (route.method !== 'HEAD') expect(answer.message, label).toBe(messages.forbidden);
      }
    }
  });

  it('lets the admin through the same guard', async () => {
    const admin = await t.as.admin();
    for (const route of adminRoutes.filter((r) => r.method === 'GET')) {
      expect([401, 403], `${route.method} ${route.url}`).not.toContain((await call(admin, route)).status);
    }
  });
});
