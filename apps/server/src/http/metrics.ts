import { monitorEventLoopDelay } from 'node:perf_hooks';
import { invoiceStatuses, ledgerReasons } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { getBusinessFigures } from '../domain/analytics/get-business-figures.ts';
import { type JobRow, readJobRuns } from '../services/jobs/job-runs.ts';
import { addressMatcher } from '../trusted-proxies.ts';

/** Upper bounds of the latency histogram, in seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The label of a request that matched no route (a 404 of the router). */
const NO_ROUTE = '(none)';

type Labels = Record<string, string>;
interface Sample {
  labels?: Labels;
  value: number;
  /** Appended to the name: `_bucket`, `_sum`, `_count` of a histogram. */
  suffix?: string;
}
interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  samples: Sample[];
}

const escapeLabel = (value: string) =>
  value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

/** The Prometheus text format, version 0.0.4. */
export function formatMetrics(families: readonly Family[]): string {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${family.help.replaceAll('\\', '\\\\').replaceAll('\n', '\\n')}`);
    lines.push(`# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) {
      const labels = Object.entries(sample.labels ?? {});
      const labelText =
        labels.length === 0 ? '' : `{${labels.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
      lines.push(`${family.name}${sample.suffix ?? ''}${labelText} ${formatValue(sample.value)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** This instance's requests, by method, route pattern and status class. */
function createRequestStats() {
  const series = new Map<string, { labels: Labels; count: number; sum: number; buckets: number[] }>();
  return {
    observe(labels: Labels, seconds: number) {
      const key = JSON.stringify(labels);
      let entry = series.get(key);
      if (!entry) {
        entry = { labels, count: 0, sum: 0, buckets: LATENCY_BUCKETS.map(() => 0) };
        series.set(key, entry);
      }
      entry.count++;
      entry.sum += seconds;
      LATENCY_BUCKETS.forEach((bound, index) => {
        if (seconds <= bound && entry) entry.buckets[index] = (entry.buckets[index] ?? 0) + 1;
      });
    },
    families(): Family[] {
      const entries = [...series.values()];
      return [
        {
          name: 'qp_http_requests_total',
          help: 'Requests this instance answered, by method, route pattern and status class.',
          type: 'counter',
          samples: entries.map((e) => ({ labels: e.labels, value: e.count })),
        },
        {
          name: 'qp_http_request_duration_seconds',
          help: 'Time to answer a request on this instance, by method, route pattern and status class.',
          type: 'histogram',
          samples: entries.flatMap((e) => [
            ...LATENCY_BUCKETS.map((bound, index) => ({
              suffix: '_bucket',
              labels: { ...e.labels, le: String(bound) },
              value: e.buckets[index] ?? 0,
            })),
            { suffix: '_bucket', labels: { ...e.labels, le: '+Inf' }, value: e.count },
            { suffix: '_sum', labels: e.labels, value: e.sum },
            { suffix: '_count', labels: e.labels, value: e.count },
          ]),
        },
      ];
    },
  };
}

/**
 * Business figures, read from the database at each scrape so every instance reports the same; the
 * ledger and delivery totals from the site rollup (domain/analytics/get-business-figures.ts).
 */
async function businessFamilies(database: DatabaseHandle): Promise<Family[]> {
  const [{ ledger, deliveries, invoices }, jobs] = await Promise.all([
    getBusinessFigures({ db: database.db }),
    readJobRuns(database),
  ]);

  const ledgerSamples = (field: 'entries' | 'points') =>
    ledgerReasons.flatMap((reason) =>
      (['credit', 'debit'] as const).map((direction) => {
        const row = ledger.find((r) => r.reason === reason && r.direction === direction);
        return { labels: { reason, direction }, value: row?.[field] ?? 0 };
      }),
    );
  const jobSamples = (field: keyof Omit<JobRow, 'name'>) =>
    jobs
      .filter((job) => job[field] !== null)
      .map((job) => ({ labels: { job: job.name }, value: Number(job[field]) }));

  return [
    {
      name: 'qp_ledger_points_total',
      help: 'Points moved by the ledger (point_transactions), by reason; direction credit (gains) or debit (uses).',
      type: 'counter',
      samples: ledgerSamples('points'),
    },
    {
      name: 'qp_ledger_entries_total',
      help: 'Ledger entries (point_transactions), by reason and direction.',
      type: 'counter',
      samples: ledgerSamples('entries'),
    },
    {
      name: 'qp_ad_deliveries_total',
      help: 'Billable ad deliveries (ad_deliveries).',
      type: 'counter',
      samples: [{ value: deliveries }],
    },
    {
      name: 'qp_invoices',
      help: 'Invoices by status; status="failed" are billing failures that need a human.',
      type: 'gauge',
      samples: invoiceStatuses.map((status) => ({
        labels: { status },
        value: invoices.find((row) => row.status === status)?.invoices ?? 0,
      })),
    },
    {
      name: 'qp_job_runs',
      help: 'Successful runs of each scheduled job still on record (pg-boss keeps 40 days; PGlite: since this process started).',
      type: 'gauge',
      samples: jobSamples('runs'),
    },
    {
      name: 'qp_job_failures',
      help: 'Failed runs of each scheduled job still on record (pg-boss: failed after its retries).',
      type: 'gauge',
      samples: jobSamples('failures'),
    },
    {
      name: 'qp_job_last_success_timestamp_seconds',
      help: 'When each scheduled job last finished successfully (Unix time).',
      type: 'gauge',
      samples: jobSamples('last_success'),
    },
    {
      name: 'qp_job_last_failure_timestamp_seconds',
      help: 'When each scheduled job last failed (Unix time).',
      type: 'gauge',
      samples: jobSamples('last_failure'),
    },
  ];
}

/** With DATABASE_REPLICA_URL: whether this instance reads from the replica now, and how far behind it is. */
function replicaFamilies(database: DatabaseHandle): Family[] {
  const replica = database.replica;
  if (!replica) return [];
  const { condition, lagSeconds } = replica.state();
  return [
    {
      name: 'qp_db_replica_in_use',
      help: 'Whether this instance sends the lag-tolerant console reads to the replica (1) or to the primary (0).',
      type: 'gauge',
      samples: [{ value: condition === 'in-use' ? 1 : 0 }],
    },
    {
      name: 'qp_db_replica_lag_seconds',
      help: 'How far behind the primary the replica was at this instance’s last check, at most (NaN: unreachable or unknown).',
      type: 'gauge',
      samples: [{ value: lagSeconds ?? Number.NaN }],
    },
    {
      name: 'qp_db_replica_max_lag_seconds',
      help: 'DATABASE_REPLICA_MAX_LAG_SECONDS: the replica is set aside while further behind than this.',
      type: 'gauge',
      samples: [{ value: replica.maxLagSeconds }],
    },
    {
      name: 'qp_db_replica_fallback_reads_total',
      help: 'Reads the replica failed (a broken connection, a recovery conflict) that the primary answered instead.',
      type: 'counter',
      samples: [{ value: replica.fallbackReads() }],
    },
  ];
}

/**
 * GET /metrics in the Prometheus text format: this instance's requests, process and connection
 * pool, and the business figures from the database. Only `METRICS_ALLOW` (by `request.ip`) may
 * read it; anyone else gets the app's 404, as if there were no such route.
 */
export function registerMetrics(
  app: FastifyInstance,
  { config, database }: { config: Config; database: DatabaseHandle },
) {
  const allowed = addressMatcher(config.metricsAllow);
  const requests = createRequestStats();
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  app.addHook('onClose', async () => loopDelay.disable());

  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      {
        method: request.method,
        // The pattern (/api/ads/:adId/click), never the URL: one series per route, not per id.
        route: request.routeOptions.url ?? NO_ROUTE,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    if (!allowed(request.ip)) {
      reply.callNotFound();
      return reply;
    }
    let business: Family[] = [];
    let databaseUp = 1;
    try {
      business = await businessFamilies(database);
    } catch (error) {
      databaseUp = 0;
      request.log.warn({ err: error }, 'metrics: database figures unavailable');
    }
    const pool = database.poolStats?.();
    const families: Family[] = [
      ...requests.families(),
      {
        name: 'process_resident_memory_bytes',
        help: 'Resident memory of this process.',
        type: 'gauge',
        samples: [{ value: process.memoryUsage.rss() }],
      },
      {
        name: 'process_start_time_seconds',
        help: 'When this process started (Unix time).',
        type: 'gauge',
        samples: [{ value: Math.round(Date.now() / 1000 - process.uptime()) }],
      },
      {
        name: 'nodejs_eventloop_delay_seconds',
        help: 'Event-loop delay of this process since the previous scrape, at the 50th and 99th percentile and the maximum.',
        type: 'gauge',
        samples: [
          { labels: { quantile: '0.5' }, value: loopDelay.percentile(50) / 1e9 },
          { labels: { quantile: '0.99' }, value: loopDelay.percentile(99) / 1e9 },
          { labels: { quantile: '1' }, value: loopDelay.max / 1e9 },
        ],
      },
      {
        name: 'qp_database_up',
        help: 'Whether this scrape could read the database (1) or not (0).',
        type: 'gauge',
        samples: [{ value: databaseUp }],
      },
      ...(pool
        ? ([
            {
              name: 'qp_db_pool_connections',
              help: 'Connections in this instance’s PostgreSQL pool.',
              type: 'gauge',
              samples: [{ value: pool.total }],
            },
            {
              name: 'qp_db_pool_idle_connections',
              help: 'Idle connections in this instance’s PostgreSQL pool.',
              type: 'gauge',
              samples: [{ value: pool.idle }],
            },
            {
              name: 'qp_db_pool_waiting_requests',
              help: 'Queries waiting for a connection from this instance’s PostgreSQL pool.',
              type: 'gauge',
              samples: [{ value: pool.waiting }],
            },
          ] satisfies Family[])
        : []),
      ...replicaFamilies(database),
      ...business,
    ];
    loopDelay.reset();
    return reply
      .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(formatMetrics(families));
  });
}
