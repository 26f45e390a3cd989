import { type ErrorBody, messages, openSiteAt } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { createProductionTestApp } from '../test/production-app.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { closedAfterEach } from '../test/use-test-app.ts';

const developmentAt = (publicUrl: string) =>
  createTestApp('pglite', { env: { NODE_ENV: 'development', PORT: '3000', PUBLIC_URL: publicUrl } });
const openPage = (t: TestApp, host: string, url = '/advertiser') => t.app.inject({ url, headers: { host } });

/**
 * Development on localhost and 127.0.0.1: cookies, the sign-in redirect and the same-origin check
 * belong to PUBLIC_URL's name, so the other name sends pages there and says so on API calls.
 */
describe('the other loopback name in development', () => {
  const closing = closedAfterEach();

  it('redirects a page opened on 127.0.0.1 to the same path on PUBLIC_URL (localhost)', async () => {
    const t = closing(await developmentAt('http://localhost:3000'));
    const onOtherName = await openPage(t, '127.0.0.1:3000', '/advertiser?from=mail');
    expect(onOtherName.statusCode).toBe(307);
    expect(onOtherName.headers.location).toBe('http://localhost:3000/advertiser?from=mail');
    expect((await openPage(t, 'localhost:3000')).statusCode).toBe(200);
    // Another port is another site, not the other name of this one.
    expect((await openPage(t, '127.0.0.1:4000')).statusCode).toBe(200);
  });

  it('redirects a page opened on localhost to PUBLIC_URL when that is 127.0.0.1', async () => {
    const t = closing(await developmentAt('http://127.0.0.1:3000'));
    const reverse = await openPage(t, 'localhost:3000', '/');
    expect(reverse.statusCode).toBe(307);
    expect(reverse.headers.location).toBe('http://127.0.0.1:3000/');
  });

  it('tells an API call from the other loopback name which address to open, not アクセス権限がありません', async () => {
    const t = closing(await developmentAt('http://localhost:3000'));
    const calls = [
      { host: 'localhost:3000', origin: 'http://127.0.0.1:3000' },
      { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
    ];
    for (const headers of calls) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/material-requests',
        headers,
        payload: { email: 'buyer@example.com' },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      const { message } = response.json<ErrorBody>().error;
      expect(message).toBe(openSiteAt('http://localhost:3000'));
      expect(message).toContain('http://localhost:3000 を開いてください');
    }
    expect(await t.database.db.query.materialRequests.findMany()).toEqual([]);
    // A site that is not a loopback name is still refused as before.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/material-requests',
      headers: { host: 'localhost:3000', origin: 'https://evil.example' },
      payload: { email: 'buyer@example.com' },
    });
    expect(foreign.json<ErrorBody>().error.message).toBe(messages.forbidden);
  });

  it('never redirects in production, even with a loopback PUBLIC_URL', async () => {
    const t = closing(
      await createProductionTestApp({ env: { PORT: '3000', PUBLIC_URL: 'https://localhost:3000' } }),
    );
    expect((await openPage(t, '127.0.0.1:3000')).statusCode).toBe(200);
  });
});
