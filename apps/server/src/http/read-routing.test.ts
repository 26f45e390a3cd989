import type { Endpoint } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyRequest } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/test-support.mjs';
import { type Database, type DatabaseHandle, openPostgres } from '../db/client.ts';
import type { ReplicaReader } from '../db/replica.ts';
import * as schema from '../db/schema.ts';
import {
  createWorld,
  declaredEndpoints,
  type EndpointRule,
  endpointRules,
  isDevOnly,
  pathOf,
  type World,
} from '../test/api-endpoints.ts';
import type { TestHttpClient } from '../test/http-client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createTestDatabase, postgresKinds } from '../test/test-database.ts';
import { createReadRouting, OWN_WRITES_COOKIE } from './read-routing.ts';

const keyOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/**
 * The reads that may be answered from a replica a few seconds behind: the advertiser's dashboard,
 * reports, CSVs, ads list, spend and reach estimate; the operator's numbers, lists and searches. Adding one
 * is a decision (docs/decisions/029-replica-reads.md), so the list is spelled out here.
 */
const replicaReads = [
  'GET /api/advertiser/dashboard',
  'GET /api/advertiser/ads',
  'GET /api/advertiser/ads/:adId/report',
  'GET /api/advertiser/ads/:adId/report.csv',
  'GET /api/advertiser/billing',
  'POST /api/advertiser/reach-estimate',
  'GET /api/admin/summary',
  'GET /api/admin/dashboard',
  'GET /api/admin/users',
  'GET /api/admin/users/:userId',
  'GET /api/admin/advertisers',
  'GET /api/admin/advertisers/:userId',
  'GET /api/admin/ads/pending',
  'GET /api/admin/daily-quizzes',
  'GET /api/admin/reward-check',
  'GET /api/admin/settings',
  'GET /api/admin/gift-requests',
  'GET /api/admin/gift-codes/stock',
  'GET /api/admin/gift-codes',
  'GET /api/admin/notices',
  'GET /api/admin/failed-charges',
];
/** A POST that only reads: the estimate's rate limit is written on the primary, its count read from the reader. */
const readingPosts = ['POST /api/advertiser/reach-estimate'];

describe('the endpoints declared `reads: replica`', () => {
  const marked = declaredEndpoints.filter((endpoint) => endpoint.reads === 'replica');

  it('are exactly the consoles’ lag-tolerant reads', () => {
    expect(marked.map(keyOf).sort()).toEqual([...replicaReads].sort());
  });

  it('are all the consoles’ (the advertiser’s or the operator’s), never a member’s or a visitor’s', () => {
    for (const endpoint of marked) {
      expect(['advertiser', 'advertiserOrAdmin', 'admin'], keyOf(endpoint)).toContain(endpoint.audience);
    }
  });

  it('are reads: no write, no session or balance lookup', () => {
    for (const endpoint of marked) {
      const key = keyOf(endpoint);
      expect(endpoint.method === 'GET' || readingPosts.includes(key), key).toBe(true);
      expect(key, 'the session and the person’s own account stay on the primary').not.toMatch(/\/me$/);
    }
  });
});

describe('which database a declared route reads from', () => {
  const primary = { name: 'primary' } as unknown as Database;
  const reader = { name: 'reader' } as unknown as Database;
  const request = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as FastifyRequest;

  it('is the reader, unless the same browser wrote through a console moments ago', () => {
    const replica = { maxLagSeconds: 10 } as ReplicaReader;
    const routing = createReadRouting({ database: { db: primary, reader, replica }, secureCookies: true });
    expect(routing.readerFor(request())).toBe(reader);
    expect(routing.readerFor(request('a=1; qp.session_token=x'))).toBe(reader);
    expect(routing.readerFor(request(`a=1; ${OWN_WRITES_COOKIE}=1`))).toBe(primary);
    expect(routing.readerFor(request(`${OWN_WRITES_COOKIE}=1; b=2`))).toBe(primary);
  });

  it('is always the reader without a replica (no cookie is set)', () => {
    const routing = createReadRouting({ database: { db: primary, reader: primary }, secureCookies: false });
    expect(routing.readerFor(request(`${OWN_WRITES_COOKIE}=1`))).toBe(primary);
  });
});

/** An allowed caller of a route in the test world: the advertiser for the advertiser's routes. */
function callerOf(rule: EndpointRule): keyof World['clients'] {
  if (rule.who === 'anyone') return 'user';
  if (rule.who.includes('advertiser')) return 'advertiser';
  if (rule.who.includes('user')) return 'user';
  return rule.who[0] ?? 'visitor';
}

describe.each(postgresKinds())('replica reads through the app, on %s', (kind) => {
  let primaryApp: TestApp;
  let fallbackApp: TestApp;
  let world: World;
  let rules: Record<string, EndpointRule>;
  let readerQueries = 0;

  beforeAll(async () => {
    const base = await createTestDatabase(kind);
    // The reader is read-only, as a replica is, and counts what it is sent.
    const readOnlyPool = new pg.Pool({
      connectionString: base.url,
      max: 4,
      options: '-c default_transaction_read_only=on',
    });
    const reader = drizzle({
      client: readOnlyPool,
      schema,
      logger: {
        logQuery: () => {
          readerQueries++;
        },
      },
    }) as unknown as Database;
    const database = {
      ...base,
      reader,
      async close() {
        await readOnlyPool.end();
        await base.close();
      },
    };
    primaryApp = await createTestApp(kind, { listen: true, database });
    world = await createWorld(primaryApp);
    rules = endpointRules(primaryApp.app);
    // The reward check finds the member's answers by e-mail (the declared example finds nobody).
    const [member] = await primaryApp.database.db
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(eq(schema.users.id, world.userId));
    const rewardCheck = 'GET /api/admin/reward-check';
    rules[rewardCheck] = { ...(rules[rewardCheck] as EndpointRule), query: { email: member?.email ?? '' } };
    // A second instance on the same database whose replica does not answer (nothing listens there).
    const closed = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    const withDeadReplica: DatabaseHandle = await openPostgres(base.url ?? '', 4, {
      replica: { url: closed, maxLagSeconds: 10 },
    });
    fallbackApp = await createTestApp(kind, { listen: true, database: withDeadReplica });
  }, 120_000);
  afterAll(async () => {
    await fallbackApp?.close();
    await primaryApp?.close();
  });

  const call = async (key: string, client: TestHttpClient) => {
    const [method, url] = key.split(' ') as [string, string];
    const rule = rules[key];
    if (!rule) throw new Error(`${key} is not a route of the app`);
    const body = rule.body?.(world);
    const query = rule.query ? `?${new URLSearchParams(rule.query).toString()}` : '';
    const response = await client.raw(`${pathOf(url, rule.params?.(world) ?? {})}${query}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, text: await response.text(), cookies: response.headers.getSetCookie() };
  };
  const clientFor = (key: string) => world.clients[callerOf(rules[key] as EndpointRule)];

  it.each(replicaReads)('%s reads through the reader, and only reads', async (key) => {
    const before = readerQueries;
    const reply = await call(key, clientFor(key));
    expect(reply.status, reply.text).toBe(200);
    expect(readerQueries, 'queries sent to the reader').toBeGreaterThan(before);
  });

  it('sends no other read to the reader: sessions, balances, the person’s own pages', async () => {
    const others = declaredEndpoints
      .filter((endpoint) => endpoint.method === 'GET' && endpoint.reads !== 'replica')
      .map(keyOf)
      .filter((key) => !isDevOnly(key) && rules[key]);
    expect(others).toContain('GET /api/me');
    expect(others).toContain('GET /api/points/history');
    const before = readerQueries;
    for (const key of others) await call(key, clientFor(key));
    expect(readerQueries).toBe(before);
  });

  it('answers every console read from the primary while the replica is unreachable', async () => {
    for (const key of replicaReads) {
      const reply = await call(key, clientFor(key).on(fallbackApp.url));
      expect(reply.status, `${key}: ${reply.text}`).toBe(200);
    }
    const metrics = await (await fetch(`${fallbackApp.url}/metrics`)).text();
    expect(metrics).toMatch(/^qp_db_replica_in_use 0$/m);
    expect(metrics).toMatch(/^qp_db_replica_lag_seconds NaN$/m);
    expect(metrics).toMatch(/^qp_db_replica_max_lag_seconds 10$/m);
  });

  it('keeps a console writer’s next reads on the primary for the lag bound and a check', async () => {
    const admin = world.clients.admin.on(fallbackApp.url);
    const posted = await call('POST /api/admin/notices', admin);
    expect(posted.status, posted.text).toBe(201);
    expect(posted.cookies).toContainEqual(
      `${OWN_WRITES_COOKIE}=1; Path=/api; Max-Age=12; HttpOnly; SameSite=Lax`,
    );
    // A read that only reads, and a member's write, start no such while.
    const estimate = await call(
      'POST /api/advertiser/reach-estimate',
      world.clients.advertiser.on(fallbackApp.url),
    );
    expect(estimate.status, estimate.text).toBe(200);
    const claim = await call('POST /api/gacha/claim', world.clients.user.on(fallbackApp.url));
    expect(claim.status, claim.text).toBe(200);
    for (const reply of [estimate, claim]) {
      expect(reply.cookies.filter((line) => line.startsWith(OWN_WRITES_COOKIE))).toEqual([]);
    }
  });
});
