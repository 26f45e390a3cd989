import { randomUUID } from 'node:crypto';
import { type LedgerReason, ledgerReasons } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows.ts';
import { adDeliveries, pointTransactions, users } from '../db/schema.ts';
import { rollUpSiteFigures } from '../domain/analytics/roll-up-site-figures.ts';
import { startJobs } from '../services/jobs/start-jobs.ts';
import { createAd } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { databaseKinds, postgresKinds } from '../test/test-database.ts';
import { closedAfterEach, useTestApp } from '../test/use-test-app.ts';
import { addressMatcher } from '../trusted-proxies.ts';

/** The value of one sample of the Prometheus text (undefined when there is no such line). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const metricNames = [
  'qp_http_requests_total',
  'qp_http_request_duration_seconds',
  'process_resident_memory_bytes',
  'process_start_time_seconds',
  'nodejs_eventloop_delay_seconds',
  'qp_database_up',
  'qp_ledger_points_total',
  'qp_ledger_entries_total',
  'qp_ad_deliveries_total',
  'qp_invoices',
  'qp_job_runs',
  'qp_job_failures',
  'qp_job_last_success_timestamp_seconds',
  'qp_job_last_failure_timestamp_seconds',
];
const poolNames = ['qp_db_pool_connections', 'qp_db_pool_idle_connections', 'qp_db_pool_waiting_requests'];

describe.each(databaseKinds())('GET /metrics on %s', (kind) => {
  const t = useTestApp(kind);
  const scrape = async () => {
    const response = await fetch(`${t.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  it('names every figure, in the Prometheus text format, from 127.0.0.1', async () => {
    await fetch(`${t.url}/healthz`);
    const text = await scrape();
    for (const name of kind === 'postgres' ? [...metricNames, ...poolNames] : metricNames) {
      expect(text, name).toMatch(new RegExp(`^# HELP ${name} .+$`, 'm'));
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} (counter|gauge|histogram)$`, 'm'));
    }
    if (kind === 'pglite') for (const name of poolNames) expect(text).not.toContain(name);
    expect(sample(text, 'qp_database_up')).toBe(1);
    expect(sample(text, 'qp_invoices', { status: 'failed' })).toBe(0);
    expect(sample(text, 'qp_ad_deliveries_total')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    const healthz = { method: 'GET', route: '/healthz', status_class: '2xx' };
    expect(sample(text, 'qp_http_requests_total', healthz)).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'qp_http_request_duration_seconds_count', healthz)).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'qp_http_request_duration_seconds_bucket', { ...healthz, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(1);
    // Every line is a comment or `name{labels} value`.
    for (const line of text.trimEnd().split('\n')) {
      expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|[a-zA-Z_:][\w:]*(\{.*\})? [-+\d.eE]+|.* (\+Inf|NaN))$/);
    }
  });

  it('shows a credit made through the API in the ledger figures', async () => {
    const labels = { reason: 'gacha', direction: 'credit' };
    const before = await scrape();
    const { client } = await t.as.user();
    const claim = await client.json<{ success: boolean; reward: number }>('POST', '/api/gacha/claim');
    expect(claim.body.success).toBe(true);
    const after = await scrape();
    expect(sample(after, 'qp_ledger_points_total', labels)).toBe(
      (sample(before, 'qp_ledger_points_total', labels) ?? 0) + claim.body.reward,
    );
    expect(sample(after, 'qp_ledger_entries_total', labels)).toBe(
      (sample(before, 'qp_ledger_entries_total', labels) ?? 0) + 1,
    );
    expect(sample(after, 'qp_ledger_points_total', { reason: 'gacha', direction: 'debit' })).toBe(0);
  });

  it('counts the ledger and the deliveries as the raw tables do, with past days rolled up', async () => {
    const db = t.database.db;
    const ad = await createAd(db);
    await db
      .insert(users)
      // The balance its three ledger rows below add up to.
      .values({ id: 'metrics-m', email: 'metrics-m@example.com', emailHash: 'hash-metrics-m', points: 17 });
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const ledger = (points: number, reason: LedgerReason, createdAt: Date) =>
      db.insert(pointTransactions).values({
        userId: 'metrics-m',
        points,
        reason,
        ref: `m-${reason}-${points}`,
        memo: 'テスト',
        createdAt,
      });
    await ledger(30, 'ad_quiz', daysAgo(3));
    await ledger(-20, 'gift_request', daysAgo(2));
    await db
      .insert(adDeliveries)
      .values({ adId: ad.id, userId: 'metrics-m', unitPrice: 40, deliveredAt: daysAgo(3) });
    await rollUpSiteFigures({ db, now: new Date() });
    // After the rollup's mark: read live.
    await ledger(7, 'daily_quiz', new Date());
    const text = await scrape();
    const raw = await queryRows<{ reason: LedgerReason; direction: string; entries: number; points: number }>(
      db,
      sql`select reason, case when points > 0 then 'credit' else 'debit' end as direction,
          count(*)::int as entries, sum(abs(points))::int as points from point_transactions group by 1, 2`,
    );
    expect(raw.length).toBeGreaterThanOrEqual(3);
    for (const reason of ledgerReasons) {
      for (const direction of ['credit', 'debit']) {
        const row = raw.find((r) => r.reason === reason && r.direction === direction);
        const labels = { reason, direction };
        expect(sample(text, 'qp_ledger_entries_total', labels), `${reason} ${direction}`).toBe(
          row?.entries ?? 0,
        );
        expect(sample(text, 'qp_ledger_points_total', labels), `${reason} ${direction}`).toBe(
          row?.points ?? 0,
        );
      }
    }
    const [deliveries] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from ad_deliveries`,
    );
    expect(deliveries!.count).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'qp_ad_deliveries_total')).toBe(deliveries!.count);
  });

  it('counts requests by route pattern, never by the id in the URL', async () => {
    const adId = randomUUID();
    const { client } = await t.as.user();
    expect((await client.json('GET', `/api/ads/${adId}/quiz`)).status).toBe(404);
    const text = await scrape();
    expect(text).not.toContain(adId);
    const labels = { method: 'GET', route: '/api/ads/:adId/quiz', status_class: '4xx' };
    expect(sample(text, 'qp_http_requests_total', labels)).toBe(1);
    expect(sample(text, 'qp_http_request_duration_seconds_count', labels)).toBe(1);
  });
});

describe('who may read /metrics', () => {
  const t = useTestApp('pglite', { listen: false });

  it('answers anyone outside METRICS_ALLOW with the app’s 404, as if there were no such route', async () => {
    const allowed = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(allowed.statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-file', remoteAddress: '203.0.113.9' });
    for (const remoteAddress of ['203.0.113.9', '10.0.0.1', '::ffff:192.0.2.1', '2001:db8::1']) {
      const refused = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(refused.statusCode, remoteAddress).toBe(404);
      expect(refused.body, remoteAddress).not.toContain('qp_');
      expect(refused.headers['content-type'], remoteAddress).toBe(missing.headers['content-type']);
    }
    // A forged X-Forwarded-For changes nothing: no proxy is trusted, so request.ip is the socket's.
    const forged = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.statusCode).toBe(404);
  });

  const closeAfter = closedAfterEach();
  it('lets in the ranges METRICS_ALLOW names, and refuses 127.0.0.1 when it is not one of them', async () => {
    const other = closeAfter(
      await createTestApp('pglite', { env: { METRICS_ALLOW: '10.0.0.0/8,2001:db8::/32' } }),
    );
    const status = async (remoteAddress: string) =>
      (await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode;
    expect(await status('127.0.0.1')).toBe(404);
    expect(await status('::1')).toBe(404);
    expect(await status('10.20.30.40')).toBe(200);
    expect(await status('::ffff:10.1.1.1')).toBe(200);
    expect(await status('2001:db8::7')).toBe(200);
    expect(await status('11.0.0.1')).toBe(404);
  });
});

describe('scheduled jobs in /metrics (PGlite: the in-process check)', () => {
  const t = useTestApp('pglite', { listen: false });

  it('reports each job’s runs, failures and the time of its last success and failure', async () => {
    const silent = { error() {} } as unknown as FastifyBaseLogger;
    const started = Date.now() / 1000;
    const jobs = await startJobs({
      database: { kind: 'pglite', dataDir: '' },
      log: silent,
      jobs: [
        { name: 'metrics-test-ok', cron: '* * * * *', run: async () => {} },
        {
          name: 'metrics-test-broken',
          cron: '* * * * *',
          run: async () => {
            throw new Error('broken on purpose');
          },
        },
      ],
    });
    await jobs.stop();
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const ok = { job: 'metrics-test-ok' };
    const broken = { job: 'metrics-test-broken' };
    expect(sample(text, 'qp_job_runs', ok)).toBe(1);
    expect(sample(text, 'qp_job_failures', ok)).toBe(0);
    expect(sample(text, 'qp_job_last_success_timestamp_seconds', ok)).toBeGreaterThanOrEqual(
      Math.floor(started),
    );
    expect(sample(text, 'qp_job_last_failure_timestamp_seconds', ok)).toBeUndefined();
    expect(sample(text, 'qp_job_runs', broken)).toBe(0);
    expect(sample(text, 'qp_job_failures', broken)).toBe(1);
    expect(sample(text, 'qp_job_last_failure_timestamp_seconds', broken)).toBeGreaterThanOrEqual(
      Math.floor(started),
    );
  });
});

describe.each(postgresKinds())('scheduled jobs in /metrics (pg-boss on %s)', (kind) => {
  const t = useTestApp(kind, { listen: false });

  it('reads each job’s runs and last success from pg-boss’s tables', { timeout: 30_000 }, async () => {
    const silent = { error() {} } as unknown as FastifyBaseLogger;
    const url = t.database.url ?? '';
    let ran = 0;
    const jobs = await startJobs({
      database: { kind: 'postgres', url },
      log: silent,
      jobs: [{ name: 'metrics-test-boss', cron: '0 0 1 1 *', run: async () => void ran++ }],
    });
    try {
      let text = '';
      for (let attempt = 0; attempt < 100; attempt++) {
        text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
        if (sample(text, 'qp_job_runs', { job: 'metrics-test-boss' }) === 1) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(ran).toBe(1);
      expect(sample(text, 'qp_job_runs', { job: 'metrics-test-boss' })).toBe(1);
      expect(sample(text, 'qp_job_failures', { job: 'metrics-test-boss' })).toBe(0);
      expect(
        sample(text, 'qp_job_last_success_timestamp_seconds', { job: 'metrics-test-boss' }),
      ).toBeGreaterThan(Date.now() / 1000 - 60);
      expect(text).not.toMatch(/job="__pgboss/);
    } finally {
      await jobs.stop();
    }
  });
});

describe('addressMatcher', () => {
  it('matches addresses and CIDR ranges of both families, and IPv4-mapped IPv6 as IPv4', () => {
    const allowed = addressMatcher(['127.0.0.1', '::1', '10.0.0.0/8']);
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('::1')).toBe(true);
    expect(allowed('::ffff:127.0.0.1')).toBe(true);
    expect(allowed('10.255.0.1')).toBe(true);
    expect(allowed('127.0.0.2')).toBe(false);
    expect(allowed('192.0.2.1')).toBe(false);
    expect(allowed(undefined)).toBe(false);
    expect(allowed('not-an-address')).toBe(false);
    expect(addressMatcher([])('127.0.0.1')).toBe(false);
  });
});
