import { describe, expect, it } from 'vitest';
import {
  type Audience,
  audiences,
  pathOf,
  requestOf,
  routeKeys,
  saidTwice,
  staleValues,
  stateDigest,
  useApiWorld,
  type World,
} from '../test/api-endpoints.ts';
import type { TestHttpClient } from '../test/http-client.ts';

type Caller = keyof World['clients'];

type Probe = { caller: Caller; params?: (w: World) => Record<string, string> };
/**
 * Only its advertiser may change an ad or read its report: not another advertiser, nor the admin (who
 * reviews it).
 */
const anotherAdvertisersAd: Probe[] = [
  { caller: 'otherAdvertiser', params: (w) => ({ adId: w.advertiserAdId }) },
  { caller: 'admin', params: (w) => ({ adId: w.advertiserAdId }) },
];
/**
 * Object-level checks (ASVS 8.2.2): every route whose path or body names something that belongs
 * to someone is called by another person of the same kind with the owner's id. They must get
 * 404 (as if it did not exist) or a refusal, never the object, and nothing may change.
 */
const objectProbes: Record<string, Probe[]> = {
  'GET /api/ads/:adId/quiz': [{ caller: 'user', params: (w) => ({ adId: w.pendingAdId }) }],
  'POST /api/ads/:adId/click': [{ caller: 'user', params: (w) => ({ adId: w.pendingAdId }) }],
  // Another user who never opened the ad cannot answer it; nobody can answer an unreviewed ad.
  'POST /api/ads/:adId/answer': [
    { caller: 'otherUser', params: (w) => ({ adId: w.listedAdId }) },
    { caller: 'user', params: (w) => ({ adId: w.pendingAdId }) },
  ],
  'GET /api/advertiser/ads/:adId': [
    { caller: 'otherAdvertiser', params: (w) => ({ adId: w.advertiserAdId }) },
    { caller: 'advertiser', params: (w) => ({ adId: w.pendingAdId }) },
  ],
  'PUT /api/advertiser/ads/:adId': anotherAdvertisersAd,
  'POST /api/advertiser/ads/:adId/end': anotherAdvertisersAd,
  'POST /api/advertiser/ads/:adId/limit': anotherAdvertisersAd,
  'PUT /api/advertiser/ads/:adId/draft': anotherAdvertisersAd,
  'POST /api/advertiser/ads/:adId/submit': anotherAdvertisersAd,
  'POST /api/advertiser/ads/:adId/duplicate': anotherAdvertisersAd,
  'POST /api/advertiser/ads/:adId/pause': anotherAdvertisersAd,
  'POST /api/advertiser/ads/:adId/resume': anotherAdvertisersAd,
  'POST /api/advertiser/ads/:adId/daily-budget': anotherAdvertisersAd,
  // An ad's image, sent as a real image file: only its advertiser may set or remove it.
  'PUT /api/advertiser/ads/:adId/image': anotherAdvertisersAd,
  'DELETE /api/advertiser/ads/:adId/image': anotherAdvertisersAd,
  'GET /api/advertiser/ads/:adId/report': anotherAdvertisersAd,
  'GET /api/advertiser/ads/:adId/report.csv': anotherAdvertisersAd,
  'POST /api/advertiser/card/complete': [{ caller: 'otherAdvertiser' }],
  'GET /api/advertiser/invoices/:invoiceId/pdf': [
    { caller: 'otherAdvertiser', params: (w) => ({ invoiceId: w.invoiceId }) },
  ],
  // Notices belong to nobody, but one not yet shown must not be marked read (nor told apart).
  'POST /api/notices/:noticeId/read': [{ caller: 'user', params: (w) => ({ noticeId: w.futureNoticeId }) }],
};

const refusal = (caller: Caller) => (caller === 'visitor' ? [401] : [403]);

describe('access control for every endpoint', () => {
  const suite = useApiWorld();

  const call = async (client: TestHttpClient, key: string, params: Record<string, string>) => {
    const [method, url] = key.split(' ') as [string, string];
    const rule = suite.rules[key]!;
    const query = rule.query ? `?${new URLSearchParams(rule.query).toString()}` : '';
    const response = await client.raw(`${pathOf(url, params)}${query}`, {
      method,
      ...requestOf(rule, suite.world),
    });
    return { status: response.status, text: await response.text() };
  };

  it('has a rule for every route, each said once, and no rule for a route that is gone', () => {
    const keys = routeKeys(suite.t.app);
    expect(
      keys.filter((key) => !(key in suite.rules)),
      'routes neither declared (packages/shared/src/<area>/endpoints.ts) nor in test/api-endpoints.ts',
    ).toEqual([]);
    expect(staleValues(suite.t.app), 'values for no route').toEqual([]);
    expect(saidTwice(suite.t.app), 'audiences said again beside the declaration').toEqual([]);
  });

  it('declares every JSON endpoint (all of /api/ but the identity protocol)', () => {
    const undeclared = suite.t.app.routeTable.filter(
      (route) =>
        route.method !== 'HEAD' &&
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/auth/') &&
        !route.endpoint,
    );
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('refuses every audience that must not use an endpoint, and changes nothing', async () => {
    const failures: string[] = [];
    for (const key of routeKeys(suite.t.app)) {
      const rule = suite.rules[key];
      if (!rule || rule.who === 'anyone') continue;
      const allowed: readonly Audience[] = rule.who;
      const before = await stateDigest(suite.t);
      for (const caller of audiences.filter((a) => !allowed.includes(a))) {
        const answer = await call(suite.world.clients[caller], key, rule.params?.(suite.world) ?? {});
        if (!refusal(caller).includes(answer.status)) failures.push(`${key} as ${caller}: ${answer.status}`);
      }
      const after = await stateDigest(suite.t);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length > 0) failures.push(`${key}: a refused call changed ${changed.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('sends whoever is not a member to signup from every member route, with the reason', async () => {
    const memberRoutes = routeKeys(suite.t.app).filter((key) => {
      const rule = suite.rules[key];
      return (
        rule && rule.who !== 'anyone' && rule.who.includes('user') && !rule.who.includes('signupPending')
      );
    });
    expect(memberRoutes).toEqual(
      expect.arrayContaining([
        'POST /api/gacha/claim',
        'POST /api/gift-requests',
        'GET /api/referrals',
        'PUT /api/account',
      ]),
    );
    const failures: string[] = [];
    for (const key of memberRoutes) {
      for (const caller of ['signupPending', 'underage', 'admin'] as const) {
        const answer = await call(
          suite.world.clients[caller],
          key,
          suite.rules[key]!.params?.(suite.world) ?? {},
        );
        const code = (JSON.parse(answer.text) as { error?: { code?: string } }).error?.code;
        if (answer.status !== 403 || code !== 'SIGNUP_REQUIRED')
          failures.push(`${key} as ${caller}: ${answer.status} ${code}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses every state-changing API call from another origin, even from the right audience', async () => {
    const failures: string[] = [];
    for (const key of routeKeys(suite.t.app)) {
      const [method, url] = key.split(' ') as [string, string];
      const rule = suite.rules[key];
      if (!rule || rule.devOnly || method === 'GET' || !url.startsWith('/api/')) continue;
      const caller: Caller = rule.who === 'anyone' ? 'visitor' : rule.who[0]!;
      const before = await stateDigest(suite.t);
      const response = await suite.world.clients[caller].raw(pathOf(url, rule.params?.(suite.world) ?? {}), {
        method,
        ...requestOf(rule, suite.world, { origin: 'https://evil.example' }),
      });
      await response.arrayBuffer();
      if (response.status !== 403) failures.push(`${key} as ${caller}: ${response.status}`);
      const after = await stateDigest(suite.t);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length > 0) failures.push(`${key}: a cross-site call changed ${changed.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('sends a Content Security Policy without inline script on every route', async () => {
    const failures: string[] = [];
    for (const key of routeKeys(suite.t.app)) {
      const [method, url] = key.split(' ') as [string, string];
      if (!['GET', 'POST'].includes(method)) continue;
      const response = await suite.world.clients.visitor.raw(
        pathOf(url, suite.rules[key]?.params?.(suite.world) ?? {}),
        {
          method,
          headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
          body: method === 'POST' ? '{}' : undefined,
        },
      );
      await response.arrayBuffer();
      const csp = response.headers.get('content-security-policy') ?? '';
      if (!/script-src 'self'/.test(csp) || /unsafe-inline|unsafe-eval/.test(csp))
        failures.push(`${key}: ${csp}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets the audience an endpoint is for read it', async () => {
    const failures: string[] = [];
    for (const key of routeKeys(suite.t.app).filter((k) => k.startsWith('GET /api/'))) {
      const rule = suite.rules[key]!;
      if (rule.notJsonApi || rule.devOnly) continue;
      const caller: Caller = rule.who === 'anyone' ? 'visitor' : rule.who[0]!;
      const answer = await call(suite.world.clients[caller], key, rule.params?.(suite.world) ?? {});
      // The reward check's address has no answers: "not found" is its successful reading.
      const expected = key === 'GET /api/admin/reward-check' ? 404 : 200;
      if (answer.status !== expected)
        failures.push(`${key} as ${caller}: ${answer.status} ${answer.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('probes every id in a path or body that belongs to someone', () => {
    const owned = routeKeys(suite.t.app).filter((key) => {
      const rule = suite.rules[key];
      if (!rule || rule.who === 'anyone' || rule.devOnly) return false;
      if (rule.who.length === 1 && rule.who[0] === 'admin') return false; // the admin may see everything
      const [, url] = key.split(' ') as [string, string];
      const body = JSON.stringify(rule.body?.(suite.world) ?? {});
      return /:[A-Za-z]+/.test(url) || /Id"/.test(body);
    });
    expect(
      owned.filter((key) => !(key in objectProbes)),
      'routes naming an object without a probe',
    ).toEqual([]);
  });

  it("refuses another person's objects: not found, nothing shown, nothing changed", async () => {
    const failures: string[] = [];
    for (const [key, probes] of Object.entries(objectProbes)) {
      const rule = suite.rules[key]!;
      for (const probe of probes) {
        const before = await stateDigest(suite.t);
        const params = probe.params?.(suite.world) ?? rule.params?.(suite.world) ?? {};
        const answer = await call(suite.world.clients[probe.caller], key, params);
        if (![403, 404, 409].includes(answer.status)) {
          failures.push(`${key} as ${probe.caller}: ${answer.status} ${answer.text.slice(0, 120)}`);
        }
        for (const id of Object.values(params)) {
          if (answer.status < 400 && answer.text.includes(id))
            failures.push(`${key} as ${probe.caller} shows ${id}`);
        }
        const after = await stateDigest(suite.t);
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        if (changed.length > 0) failures.push(`${key} as ${probe.caller} changed ${changed.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("never lists another person's requests, history or ads", async () => {
    const gifts = await suite.world.clients.otherUser.json('GET', '/api/gift-requests');
    expect(JSON.stringify(gifts.body)).not.toContain(suite.world.giftRequestId);
    const history = await suite.world.clients.otherUser.json<{ entries: { points: number }[] }>(
      'GET',
      '/api/points/history',
    );
    expect(history.body.entries.map((entry) => entry.points)).not.toContain(-1000);
    const ads = await suite.world.clients.otherAdvertiser.json('GET', '/api/advertiser/ads');
    expect(JSON.stringify(ads.body)).not.toContain(suite.world.advertiserAdId);
    const listed = await suite.world.clients.user.json('GET', '/api/ads');
    expect(JSON.stringify(listed.body)).not.toContain(suite.world.pendingAdId);
  });
});
