import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../domain/logger.ts';
import type { Tracing } from '../services/tracing/tracing.ts';
import type { Database } from './database.ts';
import * as schema from './schema.ts';

/** How often each instance checks its replica's lag, in the background. */
export const REPLICA_CHECK_INTERVAL_MS = 2_000;
/** A check slower than this counts as the replica being unreachable. */
const CHECK_TIMEOUT_MS = 2_000;
/** How the replica's connections name themselves in pg_stat_activity. */
export const REPLICA_APPLICATION_NAME = 'quiz-points replica reads';

export interface ReplicaSettings {
  /** DATABASE_REPLICA_URL: a hot standby streaming from the primary. */
  url: string;
  /** DATABASE_REPLICA_MAX_LAG_SECONDS: set aside while further behind than this. */
  maxLagSeconds: number;
}

/**
 * Where the replica stands at the last check: `in-use` (reads go to it), or why reads go to the
 * primary instead. `unchecked` until a check reaches both servers.
 */
export type ReplicaCondition = 'in-use' | 'unchecked' | 'unreachable' | 'lagging' | 'not-a-replica';

export interface ReplicaState {
  condition: ReplicaCondition;
  /** How far behind the primary it was at the last check, in seconds (at most); null when unknown. */
  lagSeconds: number | null;
}

export interface ReplicaReader {
  /** Lag-tolerant reads: on the replica while it is `in-use`, on the primary otherwise. */
  db: Database;
  maxLagSeconds: number;
  state(): ReplicaState;
  /** Reads the replica failed (a broken connection, a recovery conflict) and the primary answered. */
  fallbackReads(): number;
  /** Logs the state now and each change from now on through `log` (the app's logger). */
  useLog(log: Logger): void;
  /** One check (the background loop runs one every REPLICA_CHECK_INTERVAL_MS). */
  check(): Promise<ReplicaState>;
  close(): Promise<void>;
}

/** A WAL position ('16/B374D848') as a number of bytes. */
export function parseLsn(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether an error says the replica cannot serve at all (gone, shutting down, still starting, full,
 * or refusing this login), not that the statement failed: node-postgres's own errors carry no
 * SQLSTATE, only a message.
 */
export function isConnectionError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // 08: connection exception; 57P01–57P03: admin or crash shutdown, cannot connect now;
    // 53300: too many connections; 28: the login refused; 3D000: no such database there.
    return (
      NETWORK_CODES.has(code) ||
      code.startsWith('08') ||
      code.startsWith('28') ||
      ['57P01', '57P02', '57P03', '53300', '3D000'].includes(code)
    );
  }
  return typeof message === 'string' && /connection|timeout exceeded when trying to connect/i.test(message);
}

/**
 * A standby cancels a read that holds back the replay of the primary's changes ("conflict with
 * recovery": 40001, or 40P01 for a buffer pin); the primary answers it instead.
 */
const isRecoveryConflict = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
};

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timeout exceeded after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

interface Sample {
  at: number;
  lsn: bigint;
}

interface ReplicaRow {
  recovering: boolean;
  replayed: string | null;
  since_last_replayed: number | null;
}

/**
 * How far behind the primary the replica is, at most, in seconds; null when nothing tells.
 * - Caught up with the primary's WAL position sampled just before: 0 (an idle primary stays 0,
 *   where `now() - pg_last_xact_replay_timestamp()` would grow with the idleness).
 * - Otherwise the smaller of two upper bounds: the age of the newest sample of the primary's
 *   position that the replica has replayed (this process's clock, to within a check interval),
 *   and the age of the last transaction it replayed (the servers' clocks, exact under load).
 * - With neither, and samples older than the bound it has not reached, the oldest sample's age.
 */
export function replicaLag(options: {
  now: number;
  samples: readonly Sample[];
  replayed: bigint;
  sinceLastReplayed: number | null;
  maxLagSeconds: number;
}): number | null {
  const { now, samples, replayed, sinceLastReplayed } = options;
  const newest = samples.at(-1);
  if (newest && replayed >= newest.lsn) return 0;
  const reached = samples.findLast((sample) => sample.lsn <= replayed);
  const bounds = [
    ...(reached ? [(now - reached.at) / 1000] : []),
    ...(sinceLastReplayed !== null ? [Math.max(0, sinceLastReplayed)] : []),
  ];
  if (bounds.length > 0) return Math.min(...bounds);
  const oldest = samples[0];
  const behindFor = oldest ? (now - oldest.at) / 1000 : 0;
  return behindFor > options.maxLagSeconds ? behindFor : null;
}

/**
 * Runs each query on the replica while it is in use, else on the primary; a query the replica fails
 * for its connection (or cancels in a recovery conflict) runs once more on the primary. Its name
 * ends in Pool so Drizzle takes a connection from it for a transaction, as from a pg.Pool.
 */
export class ReplicaOrPrimaryPool {
  constructor(
    private readonly primary: pg.Pool,
    private readonly replica: pg.Pool,
    private readonly inUse: () => boolean,
    private readonly failed: (error: unknown) => void,
  ) {}

  async query(config: unknown, values?: unknown): Promise<unknown> {
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads; Drizzle passes a query config and values.
    const run = (pool: pg.Pool) => pool.query(config as any, values as any);
    if (!this.inUse()) return run(this.primary);
    try {
      return await run(this.replica);
    } catch (error) {
      if (!isConnectionError(error) && !isRecoveryConflict(error)) throw error;
      this.failed(error);
      return run(this.primary);
    }
  }

  async connect(): Promise<pg.PoolClient> {
    if (!this.inUse()) return this.primary.connect();
    try {
      return await this.replica.connect();
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      this.failed(error);
      return this.primary.connect();
    }
  }
}

/**
 * Lag-tolerant reads on a streaming replica (docs/decisions/029-replica-reads.md). The replica's
 * connections are read-only, so a write sent here by mistake fails rather than vanishing. Each
 * instance checks the replica every REPLICA_CHECK_INTERVAL_MS: unreachable, not in recovery, or
 * further behind than `maxLagSeconds`, and reads go to the primary until a check finds it fit again.
 */
export async function openReplicaReader(options: {
  primary: pg.Pool;
  settings: ReplicaSettings;
  poolSize: number;
  checkIntervalMs?: number;
  /** With tracing on, the replica's queries are spans of their requests too. */
  tracing?: Pick<Tracing, 'tracePool'> | null;
}): Promise<ReplicaReader> {
  const { primary, settings } = options;
  const replica = new pg.Pool({
    connectionString: settings.url,
    max: options.poolSize,
    application_name: REPLICA_APPLICATION_NAME,
    options: '-c default_transaction_read_only=on',
    connectionTimeoutMillis: CHECK_TIMEOUT_MS,
  });
  options.tracing?.tracePool(replica);
  // As the primary's pool (db/client.ts): a lost connection fails its query, never the process.
  replica.on('error', () => {});
  replica.on('connect', (client) => client.on('error', () => {}));

  let state: ReplicaState = { condition: 'unchecked', lagSeconds: null };
  let fallbacks = 0;
  let log: Logger | null = null;
  let samples: Sample[] = [];
  /** Samples older than this cannot change the verdict: beyond it the replica is lagging anyway. */
  const keepMs = settings.maxLagSeconds * 1000 + 2 * (options.checkIntervalMs ?? REPLICA_CHECK_INTERVAL_MS);

  const describe = (s: ReplicaState) => ({
    condition: s.condition,
    lagSeconds: s.lagSeconds === null ? null : Math.round(s.lagSeconds * 10) / 10,
    maxLagSeconds: settings.maxLagSeconds,
  });
  const report = (next: ReplicaState, cause?: unknown) => {
    const changed = next.condition !== state.condition;
    state = next;
    if (!changed || !log) return;
    const details = { replica: describe(next), ...(cause ? { err: cause } : {}) };
    if (next.condition === 'in-use') log.info(details, 'replica reads: on the replica');
    else log.warn(details, `replica reads: on the primary (replica ${next.condition})`);
  };

  async function check(): Promise<ReplicaState> {
    const now = Date.now();
    let primaryLsn: bigint;
    try {
      const { rows } = await withTimeout(
        primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'),
        CHECK_TIMEOUT_MS,
      );
      primaryLsn = parseLsn(rows[0]?.lsn ?? '0/0');
    } catch {
      // The primary's own trouble (every request fails meanwhile) says nothing about the replica.
      return state;
    }
    samples = [...samples.filter((s) => now - s.at <= keepMs), { at: now, lsn: primaryLsn }];
    let row: ReplicaRow | undefined;
    try {
      const result = await withTimeout(
        replica.query<ReplicaRow>(
          `select pg_is_in_recovery() as recovering,
                  pg_last_wal_replay_lsn()::text as replayed,
                  extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as since_last_replayed`,
        ),
        CHECK_TIMEOUT_MS,
      );
      row = result.rows[0];
    } catch (error) {
      report({ condition: 'unreachable', lagSeconds: null }, error);
      return state;
    }
    if (!row?.recovering) {
      report({ condition: 'not-a-replica', lagSeconds: null });
      return state;
    }
    const lagSeconds =
      row.replayed === null
        ? null
        : replicaLag({
            now,
            samples,
            replayed: parseLsn(row.replayed),
            sinceLastReplayed: row.since_last_replayed,
            maxLagSeconds: settings.maxLagSeconds,
          });
    const fit = lagSeconds !== null && lagSeconds <= settings.maxLagSeconds;
    report({ condition: fit ? 'in-use' : 'lagging', lagSeconds });
    return state;
  }

  const routing = new ReplicaOrPrimaryPool(
    primary,
    replica,
    () => state.condition === 'in-use',
    (error) => {
      fallbacks++;
      // Set aside at once for a broken connection; the next check brings it back when it answers.
      if (isConnectionError(error)) report({ condition: 'unreachable', lagSeconds: null }, error);
    },
  );

  let checking: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    checking ??= check().finally(() => {
      checking = null;
    });
  }, options.checkIntervalMs ?? REPLICA_CHECK_INTERVAL_MS);
  timer.unref();
  await check();

  return {
    db: drizzle({ client: routing as unknown as pg.Pool, schema }) as unknown as Database,
    maxLagSeconds: settings.maxLagSeconds,
    state: () => state,
    fallbackReads: () => fallbacks,
    useLog(logger) {
      log = logger;
      const details = { replica: describe(state) };
      if (state.condition === 'in-use') logger.info(details, 'replica reads: on the replica');
      else logger.warn(details, `replica reads: on the primary (replica ${state.condition})`);
    },
    check,
    async close() {
      clearInterval(timer);
      await checking;
      await replica.end();
    },
  };
}
