import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type ClientConfig, registerWebApp } from './web-app.ts';

/**
 * Which HTML a page request gets (docs/performance.md, "Pre-rendering"), against a fixture build
 * whose pre-rendered landing page says "landing page" and whose shells name themselves.
 */
const distDir = fileURLToPath(new URL('../test/fixtures/web-dist', import.meta.url));
const production: ClientConfig = { adWaitSeconds: 30, paymentsPublishableKey: null };
const session = { cookie: 'qp.session_token=abc.def' };

async function webApp(client = production, reloadIndex = false) {
  const app = Fastify();
  await registerWebApp(app, { distDir, client, reloadIndex });
  return app;
}

const rootOf = (body: string) => /<div id="root"[^>]*>(.*)<\/div><\/body>/.exec(body)?.[1];

describe("a member's page drawn on the server", () => {
  /** The fixture's renderer asks GET /api/me, answered here as the request it is drawn for says. */
  async function appWithMe() {
    const app = Fastify();
    app.get('/api/me', async (request) => ({
      cookie: request.headers.cookie,
      address: request.ip,
      ...(request.headers.cookie?.includes('member') ? { fixtureMember: 'はなこのホーム' } : {}),
      ...(request.headers.cookie?.includes('broken') ? { fail: true } : {}),
    }));
    await registerWebApp(app, { distDir, client: production, reloadIndex: false });
    return app;
  }

  it('draws it with the answers of our own routes, asked as this request, and sends them beside it, never to be cached', async () => {
    const app = await appWithMe();
    const response = await app.inject({
      url: '/',
      headers: { cookie: 'qp.session_token=member.sig' },
      remoteAddress: '203.0.113.9',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain(
      '<div id="root" data-prerendered=""><main><h1>はなこのホーム</h1></main></div>',
    );
    const state = /<script type="application\/json" id="query-state">(.*?)<\/script>/.exec(
      response.body,
    )?.[1];
    // Inert JSON: a `<` in an answer cannot close the script element.
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state!)).toEqual({
      me: {
        cookie: 'qp.session_token=member.sig',
        address: '203.0.113.9',
        fixtureMember: 'はなこのホーム',
      },
      seen: '</script>',
    });
    expect(response.body).toContain('"hasSession":true');
    // Compressed for this reply alone.
    const br = await app.inject({
      url: '/',
      headers: { cookie: 'qp.session_token=member.sig', 'accept-encoding': 'br' },
      remoteAddress: '203.0.113.9',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(response.body);
  });

  it('sends the frame when the session is not a member’s, or the drawing fails', async () => {
    const app = await appWithMe();
    for (const cookie of ['qp.session_token=nobody.sig', 'qp.session_token=broken.sig']) {
      const response = await app.inject({ url: '/', headers: { cookie } });
      expect(response.statusCode, cookie).toBe(200);
      expect(rootOf(response.body), cookie).toContain('data-shell="user-session"');
      expect(response.headers['cache-control'], cookie).toBe('no-cache');
      expect(response.body, cookie).not.toContain('query-state');
    }
    // Without a session cookie nothing is asked: the landing page as pre-rendered.
    expect(rootOf((await app.inject('/')).body)).toBe('<main><h1>landing page</h1></main>');
  });
});

describe('the page HTML', () => {
  it('sends a public page pre-rendered to a request without a session cookie, its root already drawn', async () => {
    const app = await webApp();
    for (const url of ['/', '/?ref=ABCD1234']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(rootOf(response.body), url).toBe('<main><h1>landing page</h1></main>');
      expect(response.body).toContain(
        '<script type="application/json" id="client-config">{"adWaitSeconds":30,"paymentsPublishableKey":null,"hasSession":false}</script>',
      );
      expect(response.headers.vary).toContain('cookie');
    }
    // Compressed when the browser accepts it.
    const plain = (await app.inject('/')).body;
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const response = await app.inject({ url: '/', headers: { 'accept-encoding': `${encoding}, deflate` } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(decode(response.rawPayload).toString()).toBe(plain);
    }
    // In development the watcher builds without pre-rendering: index.html everywhere.
    const development = await webApp(production, true);
    expect(rootOf((await development.inject('/')).body)).toBe('');
  });

  it('sends the signed-in shell, not the visitor page, to a request with a session cookie', async () => {
    const app = await webApp();
    const home = await app.inject({ url: '/', headers: session });
    expect(rootOf(home.body)).toContain('data-shell="user-session"');
    expect(home.body).toContain('"hasSession":true');
    const report = await app.inject({ url: '/advertiser/ads/x1/report', headers: session });
    expect(rootOf(report.body)).toContain('data-shell="advertiser-session"');
    // The operator console has a frame of its own: never the member's.
    for (const url of ['/admin', '/admin/users/u1']) {
      const admin = await app.inject({ url, headers: session });
      expect(rootOf(admin.body), url).toContain('data-shell="admin-session"');
    }
  });

  it('sends the visitor shell for a page that is not pre-rendered', async () => {
    const app = await webApp();
    expect(rootOf((await app.inject('/gift')).body)).toContain('data-shell="user-visitor"');
    expect(rootOf((await app.inject('/advertiser/create-ad/')).body)).toContain(
      'data-shell="advertiser-visitor"',
    );
    expect(rootOf((await app.inject('/admin/review')).body)).toContain('data-shell="admin-visitor"');
  });

  it('sends a page that shows a configuration value only when it shows this server’s', async () => {
    expect(rootOf((await (await webApp()).inject('/demo/')).body)).toContain('demo page, 30 seconds');
    const shortWait = await webApp({ ...production, adWaitSeconds: 3 });
    const demo = await shortWait.inject('/demo');
    expect(rootOf(demo.body)).toContain('data-shell="user-visitor"');
    expect(demo.body).toContain('"adWaitSeconds":3');
  });

  it('keeps the not-found page and the files behind the pages out of reach', async () => {
    const app = await webApp();
    for (const url of ['/no-such-page', '/prerendered/index.html', '/prerendered/pages.json']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(rootOf(response.body), url).toBe('');
    }
  });

  it('serves the service worker uncached, so a deploy reaches installed apps, and the manifest by its type', async () => {
    const app = await webApp();
    const worker = await app.inject('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    // The build writes a compressed copy beside it, sent to browsers that accept one: uncached too.
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const compressed = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(compressed.headers['content-encoding'], encoding).toBe(encoding);
      expect(decode(compressed.rawPayload).toString(), encoding).toBe(worker.body);
      expect(compressed.headers['content-type'], encoding).toMatch(/^(application|text)\/javascript/);
      expect(compressed.headers['cache-control'], encoding).toBe('no-cache');
    }
    const manifest = await app.inject('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('public, max-age=3600');
  });
});
