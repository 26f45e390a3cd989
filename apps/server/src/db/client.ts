import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import type { Tracing } from '../services/tracing/tracing.ts';
import type { Database } from './database.ts';
import { acquireDataDirLock } from './lock.ts';
import { openReplicaReader, type ReplicaReader, type ReplicaSettings } from './replica.ts';
import { applyRuleFiles, type RuleConnection, readRuleFiles, ruleFilesApplied } from './rule-files.ts';
import * as schema from './schema.ts';

export type { Database, Executor, Schema, Tx } from './database.ts';

export interface DatabaseHandle {
  db: Database;
  /**
   * Lag-tolerant console reads: the replica while it answers and keeps up (db/replica.ts), the
   * primary otherwise; `db` itself without DATABASE_REPLICA_URL. Only the routes declared
   * `reads: 'replica'` are handed it (http/define-route.ts); writes and balances use `db`.
   */
  reader: Database;
  /** The replica's checks and state, with DATABASE_REPLICA_URL (for /metrics and the logs). */
  replica?: ReplicaReader;
  kind: 'pglite' | 'postgres';
  /**
   * Runs the versioned migrations, then applies the SQL rule files that changed (db/rule-files.ts);
   * safe when several instances start at once.
   */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The whole database as PGlite's data folder archive (PGlite only: the tests' template). */
  dump?(): Promise<Blob>;
  /** The connection pool's state, on PostgreSQL (for /metrics); PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

// Any fixed number works; it only has to be the same for every instance.
const MIGRATION_LOCK_KEY = 7_340_021;
const INSUFFICIENT_PRIVILEGE = '42501';

/** Whether drizzle's record already holds this build's newest migration (read-only: no DDL). */
async function migrationsApplied(client: pg.PoolClient): Promise<boolean> {
  const newest = Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  const { rows } = await client.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!rows[0]?.present) return false;
  const applied = await client.query<{ latest: string | null }>(
    'select max(created_at)::text as latest from drizzle.__drizzle_migrations',
  );
  return Number(applied.rows[0]?.latest ?? 0) >= newest;
}

export interface OpenOptions {
  /** Where the SQL rule files are read from (tests); default the build's own. */
  ruleFilesFolder?: string;
}

export interface PostgresOptions extends OpenOptions {
  replica?: ReplicaSettings;
  /** With tracing on, each query a request makes is a span of it (services/tracing/pg-spans.ts). */
  tracing?: Pick<Tracing, 'tracePool'> | null;
}

export interface PgliteOptions extends OpenOptions {
  /** An in-memory database starts as a copy of this dump (PGlite's dumpDataDir; the tests' template). */
  startFrom?: Blob;
}

export async function openPostgres(
  url: string,
  poolSize = 20,
  options: PostgresOptions = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  options.tracing?.tracePool(pool);
  // A client that loses its connection must not crash the process: idle ones report to the pool,
  // checked-out ones to themselves (their query fails, the request answers 503); the pool replaces both.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const replica = options.replica
    ? await openReplicaReader({
        primary: pool,
        settings: options.replica,
        poolSize,
        tracing: options.tracing,
      })
    : undefined;
  return {
    db,
    reader: replica?.db ?? db,
    replica,
    kind: 'postgres',
    async migrate() {
      const rules = readRuleFiles(options.ruleFilesFolder);
      const client = await pool.connect();
      const connection: RuleConnection = {
        query: (text, params) => client.query(text, params) as never,
        exec: (text) => client.query(text),
      };
      try {
        // Nothing pending: no DDL at all, so a role granted only DML can start (docs/deploy.md).
        if ((await migrationsApplied(client)) && (await ruleFilesApplied(connection, rules))) return;
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
          await applyRuleFiles(connection, rules);
        } catch (error) {
          // drizzle wraps the driver's error: its SQLSTATE is on the cause.
          const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
          if (cause?.code !== INSUFFICIENT_PRIVILEGE) throw error;
          throw new Error(
            `Migrations are pending and this database role may not apply them (${String(cause.message)}): ` +
              "run `node apps/server/dist/migrate.js` with the schema owner's DATABASE_URL first (docs/deploy.md).",
          );
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await replica?.close();
      await pool.end();
    },
    poolStats() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
  };
}

/** The embedded database. `dataDir` undefined means in memory (tests). */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<DatabaseHandle> {
  const lock = dataDir ? acquireDataDirLock(dataDir) : undefined;
  try {
    // pg_trgm backs the admin's searches (migration 0014 creates it; PGlite loads it here).
    const client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.startFrom ? { loadDataDir: options.startFrom } : {}),
      extensions: { pg_trgm },
    });
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    return {
      db,
      reader: db,
      kind: 'pglite',
      async migrate() {
        const rules = readRuleFiles(options.ruleFilesFolder);
        await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
        await applyRuleFiles(
          { query: (text, params) => client.query(text, params) as never, exec: (text) => client.exec(text) },
          rules,
        );
      },
      async ping() {
        await client.query('select 1');
      },
      async close() {
        await client.close();
        lock?.release();
      },
      async dump() {
        return client.dumpDataDir('none');
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
