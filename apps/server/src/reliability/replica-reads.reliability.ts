import { api } from '@quiz-points/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../db/client.ts';
import { createAd, signedInAdmin, signedInAdvertiser, verifiedUserWithPoints } from '../test/factories.ts';
import type { TestHttpClient } from '../test/http-client.ts';
import { testConfig } from '../test/test-app.ts';
import { type ServerProcess, startServer, stopServer } from './support/cluster.ts';
import { type Server, type StreamingPair, startStreamingPair } from './support/streaming-replica.ts';

/** Short, so the test sees the replica set aside and taken back within seconds. */
const MAX_LAG_SECONDS = 4;

/**
 * The production build on a primary with a real streaming replica (pg_basebackup, a second
 * postgres): the consoles' reads go to the replica while it keeps up, everything else to the
 * primary; a replica that falls behind or goes down is set aside and nothing fails.
 */
describe('console reads on a streaming replica', () => {
  let pair: StreamingPair;
  let server: ServerProcess;
  let direct: DatabaseHandle;
  let member: { client: TestHttpClient; uid: string };
  let advertiser: { client: TestHttpClient; uid: string };
  /** The operator reading the consoles; it never writes, so its reads are never pinned to the primary. */
  let observer: TestHttpClient;
  let adId: string;

  beforeAll(async () => {
    pair = await startStreamingPair('qp_replica_reads');
    server = await startServer({
      databaseUrl: pair.primaryUrl,
      env: {
        DATABASE_REPLICA_URL: pair.replicaUrl,
        DATABASE_REPLICA_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS),
        LOG_LEVEL: 'info',
      },
    });
    direct = await openPostgres(pair.primaryUrl, 4);
    const target = { url: server.url, database: direct, config: testConfig() };
    member = await verifiedUserWithPoints(target, 5000);
    advertiser = await signedInAdvertiser(target);
    observer = await signedInAdmin(target);
    adId = (await createAd(direct.db, { advertiserId: advertiser.uid })).id;
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    await direct?.close();
    await pair?.close();
  });

  /** The consoles' reads, each as its caller sends it. */
  const consoleReads = (): [TestHttpClient, string, string, unknown?][] => [
    [observer, 'GET', '/api/admin/summary'],
    [observer, 'GET', '/api/admin/dashboard'],
    [observer, 'GET', '/api/admin/users?q=example'],
    [observer, 'GET', `/api/admin/users/${member.uid}`],
    [observer, 'GET', '/api/admin/advertisers?q=example'],
    [observer, 'GET', `/api/admin/advertisers/${advertiser.uid}`],
    [observer, 'GET', '/api/admin/ads/pending'],
    [observer, 'GET', '/api/admin/daily-quizzes'],
    [observer, 'GET', '/api/admin/settings'],
    [observer, 'GET', '/api/admin/gift-requests'],
    [observer, 'GET', '/api/admin/gift-codes/stock'],
    [observer, 'GET', '/api/admin/gift-codes?giftType=amazon&amount=1000'],
    [observer, 'GET', '/api/admin/notices'],
    [observer, 'GET', '/api/admin/failed-charges'],
    [advertiser.client, 'GET', '/api/advertiser/ads'],
    [advertiser.client, 'GET', `/api/advertiser/ads/${adId}/report`],
    [advertiser.client, 'GET', `/api/advertiser/ads/${adId}/report.csv?${csvQuery}`],
    [advertiser.client, 'GET', '/api/advertiser/billing'],
    [advertiser.client, 'POST', '/api/advertiser/reach-estimate', api.advertisers.estimateReach.example.body],
  ];
  const csvQuery = new URLSearchParams(api.advertisers.downloadAdReportCsv.example.query).toString();
  const readAll = async () => {
    const replies = [];
    for (const [client, method, path, body] of consoleReads()) {
      const reply = await client.raw(path, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      replies.push({ path, status: reply.status, text: await reply.text() });
    }
    return replies;
  };

  const metrics = async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    return {
      inUse: value('qp_db_replica_in_use'),
      lag: value('qp_db_replica_lag_seconds'),
      fallbacks: value('qp_db_replica_fallback_reads_total'),
    };
  };
  const until = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const replicaInUse = (wanted: 0 | 1) =>
    until(`qp_db_replica_in_use ${wanted}`, async () => {
      const m = await metrics();
      return m.inUse === wanted ? m : undefined;
    });
  const pendingGiftIds = async () => {
    const reply = await observer.json<{ requests: { id: string }[] }>('GET', '/api/admin/gift-requests');
    expect(reply.status).toBe(200);
    return reply.body.requests.map((request) => request.id);
  };
  const requestGift = async () => {
    const reply = await member.client.json<{ id: string }>('POST', '/api/gift-requests', {
      giftType: 'amazon',
      points: 1000,
    });
    expect(reply.status).toBe(201);
    return reply.body.id;
  };

  /** What each server ran since the last reset, the monitoring's own statements left out. */
  const statementsOn = async (where: Server) =>
    (
      await pair.query<{ query: string; calls: string }>(
        where,
        `select query, calls from pg_stat_statements
         where dbid = (select oid from pg_database where datname = current_database())`,
      )
    ).filter(
      (s) =>
        !/pg_stat_statements|pg_is_in_recovery|pg_current_wal_lsn|pg_wal_replay|pg_boss|pgboss/i.test(
          s.query,
        ),
    );
  const resetStatements = async () => {
    for (const where of ['primary', 'replica'] as const)
      await pair.query(where, 'select pg_stat_statements_reset()');
  };
  const replayLine = (condition: string) =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes(`replica reads: on the primary (replica ${condition})`));

  it('reads the consoles from the replica, and writes, sessions and balances on the primary', async () => {
    await replicaInUse(1);
    await resetStatements();

    // A member's write, through the app; the operator's list shows it once the replica has it.
    const giftId = await requestGift();
    await until('the new request in the operator’s list', async () =>
      (await pendingGiftIds()).includes(giftId) ? true : undefined,
    );
    // The member's own pages: the session, the balance, the passbook.
    for (const path of ['/api/me', '/api/points/history', '/api/notices']) {
      expect((await member.client.json('GET', path)).status, path).toBe(200);
    }
    for (const reply of await readAll()) expect(reply.status, `${reply.path}: ${reply.text}`).toBe(200);

    const [onReplica, onPrimary] = [await statementsOn('replica'), await statementsOn('primary')];
    const pendingList = (s: { query: string }) =>
      /gift_requests/.test(s.query) && /deleted_users/.test(s.query);
    // The guard's lookup of the request's session by its token, with the person's row (and balance).
    const sessionLookup = (s: { query: string }) => /"auth_sessions"\."token" = \$1/.test(s.query);
    const write = (s: { query: string }) => /\b(insert|update|delete)\b/i.test(s.query);
    expect(onReplica.length, 'statements the replica ran').toBeGreaterThanOrEqual(consoleReads().length);
    expect(onReplica.some(pendingList)).toBe(true);
    expect(onPrimary.some(pendingList), 'the operator’s list never ran on the primary').toBe(false);
    expect(onReplica.filter(sessionLookup), 'session lookups (and the balance with them)').toEqual([]);
    expect(onPrimary.some(sessionLookup)).toBe(true);
    expect(onReplica.filter(write)).toEqual([]);
    // The exchange (one statement: qp_request_gift) and the passbook.
    const exchange = (s: { query: string }) => /qp_request_gift/.test(s.query);
    expect(onPrimary.some(exchange)).toBe(true);
    expect(onReplica.some(exchange)).toBe(false);
    expect((await metrics()).inUse).toBe(1);
  });

  it('sets a replica behind by more than the bound aside, and takes it back once it catches up', async () => {
    await replicaInUse(1);
    await pair.query('replica', 'select pg_wal_replay_pause()');
    try {
      const giftId = await requestGift();
      // Replay is paused: the operator's list, read on the replica, does not show it yet.
      expect(await pendingGiftIds()).not.toContain(giftId);
      const aside = await replicaInUse(0);
      expect(aside.lag).toBeGreaterThan(MAX_LAG_SECONDS);
      // Now read on the primary: current.
      expect(await pendingGiftIds()).toContain(giftId);
      for (const reply of await readAll()) expect(reply.status, `${reply.path}: ${reply.text}`).toBe(200);
      expect(replayLine('lagging')).toHaveLength(1);
    } finally {
      await pair.query('replica', 'select pg_wal_replay_resume()');
    }
    const back = await replicaInUse(1);
    expect(back.lag).toBeLessThanOrEqual(MAX_LAG_SECONDS);
    expect(replayLine('lagging')).toHaveLength(1);
  });

  it('answers every console read from the primary while the replica is down, and uses it again once back', async () => {
    await replicaInUse(1);
    await pair.stopReplica();
    // Whether a read or the next check finds it gone first, every read answers.
    for (const reply of await readAll()) expect(reply.status, `${reply.path}: ${reply.text}`).toBe(200);
    const down = await replicaInUse(0);
    expect(down.lag).toBeNaN();
    const giftId = await requestGift();
    expect(await pendingGiftIds()).toContain(giftId);
    expect(replayLine('unreachable')).toHaveLength(1);
    expect(server.child.exitCode).toBeNull();

    await pair.startReplica();
    await replicaInUse(1);
    await resetStatements();
    expect(await pendingGiftIds()).toContain(giftId);
    const onReplica = await statementsOn('replica');
    expect(onReplica.some((s) => /gift_requests/.test(s.query) && /deleted_users/.test(s.query))).toBe(true);
    for (const reply of await readAll()) expect(reply.status, `${reply.path}: ${reply.text}`).toBe(200);
  });
});
