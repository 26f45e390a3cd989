import { type ErrorBody, messages, pageRoutes } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app.ts';

describe('the HTTP app', () => {
  const t = useTestApp();

  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('serves the web app, with the client configuration, for every page route of the spec', async () => {
    for (const route of pageRoutes) {
      const response = await t.app.inject(route.replace(':id', 'abc123'));
      expect(response.statusCode, route).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain(
        '<script type="application/json" id="client-config">{"adWaitSeconds":30,"paymentsPublishableKey":null,"invoiceIssuerName":"株式会社クイズポイント","invoiceRegistrationNumber":"T0000000000000","hasSession":false}</script>',
      );
    }
  });

  it('tells the app whether the page came with a session cookie, so a visitor sees the landing page at once', async () => {
    const withCookie = await t.app.inject({ url: '/', headers: { cookie: 'a=1; qp.session_token=abc.def' } });
    expect(withCookie.body).toContain(
      '{"adWaitSeconds":30,"paymentsPublishableKey":null,"invoiceIssuerName":"株式会社クイズポイント","invoiceRegistrationNumber":"T0000000000000","hasSession":true}',
    );
    expect(withCookie.headers.vary).toContain('cookie');
    const otherCookie = await t.app.inject({ url: '/', headers: { cookie: 'qp.session_token_x=1' } });
    expect(otherCookie.body).toContain('"hasSession":false');
  });

  it('serves the not-found page with a 404 status for unknown pages', async () => {
    const response = await t.app.inject('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('id="root"');
  });

  it('answers unknown API paths with a coded Japanese error', async () => {
    const response = await t.app.inject('/api/no-such-endpoint');
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>()).toEqual({ error: { code: 'NOT_FOUND', message: messages.notFound } });
  });

  it('sends security headers with a strict Content Security Policy on every response', async () => {
    for (const path of ['/', '/api/no-such-endpoint', '/healthz', '/sample-ads/midori-bank']) {
      const response = await t.app.inject(path);
      const csp = String(response.headers['content-security-policy']);
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain('unsafe-inline');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('serves the sample advertiser pages itself, so the demo ads work offline', async () => {
    const response = await t.app.inject('/sample-ads/harema-coffee');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('エチオピア産');
  });

  const pageView = (path: string) =>
    t.app.inject({ method: 'POST', url: '/api/analytics/page-views', payload: { path } });

  it('records a page view', async () => {
    const response = await pageView('/demo?x=1');
    expect(response.statusCode).toBe(204);
    const rows = await t.database.db.query.pageViews.findMany();
    expect(rows.map((row) => row.path)).toContain('/demo');
  });

  it('refuses a page view that is not a path', async () => {
    const response = await pageView('https://evil.example');
    expect(response.statusCode).toBe(400);
  });
});

describe('state-changing requests', () => {
  const t = useTestApp();
  const postJson = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/material-requests',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('refuses text/plain and form posts (no cross-site simple requests)', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/material-requests',
        headers: { 'content-type': contentType },
        payload: 'email=a@example.com',
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json<ErrorBody>().error.message).toBe(messages.badRequest);
    }
    expect(await t.database.db.query.materialRequests.findMany()).toHaveLength(0);
  });

  it('refuses prototype-polluting JSON', async () => {
    const response = await postJson('{"email":"a@example.com","__proto__":{"admin":true}}');
    expect(response.statusCode).toBe(400);
  });

  it('refuses malformed JSON with a Japanese message, never a 500', async () => {
    const response = await postJson('{"email":');
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.message).toBe(messages.badRequest);
  });
});
