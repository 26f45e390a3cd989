import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createPostgresDatabase } from '../../../../scripts/test-support.mjs';
import { type Database, type DatabaseHandle, openPglite, openPostgres } from '../db/client.ts';
import type { ReplicaSettings } from '../db/replica.ts';
import type { Tracing } from '../services/tracing/tracing.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The database kinds this run tests: PGlite always, PostgreSQL when global setup reached it. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.QP_TEST_POSTGRES === '1' ? ['pglite', 'postgres'] : ['pglite'];
}

/** PostgreSQL only, for concurrency suites: fails loudly where PostgreSQL was required but missing. */
export function postgresKinds(): DatabaseKind[] {
  return process.env.QP_TEST_POSTGRES === '1' ? ['postgres'] : [];
}

export interface TestDatabase extends DatabaseHandle {
  url?: string;
}

let pgliteTemplate: Blob | undefined;
/** The migrated PGlite database global setup dumped (test/global-setup.ts), read once per worker. */
function readPgliteTemplate(): Blob | undefined {
  const file = process.env.QP_TEST_PGLITE_TEMPLATE;
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([fs.readFileSync(file)]);
  return pgliteTemplate;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close (with
 * `replica`, its lag-tolerant reads checked against that replica, as DATABASE_REPLICA_URL does). Each
 * starts as a copy of the run's migrated template where global setup made one; the migrations then
 * find nothing to do, as on any start after the first.
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  poolSize = 20,
  options: { replica?: ReplicaSettings; tracing?: Tracing | null } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openPglite(undefined, { startFrom: readPgliteTemplate() });
    await handle.migrate();
    return handle;
  }
  const postgres = await createPostgresDatabase('qp_test', {
    template: process.env.QP_TEST_POSTGRES_TEMPLATE,
  });
  const handle = await openPostgres(postgres.url, poolSize, options);
  await handle.migrate();
  return {
    ...handle,
    url: postgres.url,
    async close() {
      await handle.close();
      await postgres.drop();
    },
  };
}

/**
 * A fresh database for the tests of one describe block: made before them, closed after them (or one
 * for each test, with `each`).
 */
export function useTestDatabase(
  kind: DatabaseKind,
  options: { each?: boolean } = {},
): { readonly db: Database } {
  let database: TestDatabase | undefined;
  const [before, after] = options.each ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    database = await createTestDatabase(kind);
  });
  after(() => database?.close());
  return {
    get db() {
      if (!database) throw new Error('the test database is made in beforeAll: use it inside a test');
      return database.db;
    },
  };
}

/**
 * One fresh database and a second pool on it: two instances of the app at once, for the tests of what
 * two servers do together. Made before the block's tests (or each test, with `each`), closed after.
 */
export function useTwoInstances(kind: DatabaseKind, options: { poolSize?: number; each?: boolean } = {}) {
  let database: TestDatabase | undefined;
  let second: DatabaseHandle | undefined;
  const [before, after] = options.each ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    database = await createTestDatabase(kind);
    second = await openPostgres(database.url!, options.poolSize ?? 10);
  });
  after(async () => {
    await second?.close();
    await database?.close();
  });
  const made = <T>(handle: T | undefined): T => {
    if (!handle) throw new Error('the two instances are made before the tests: use them inside a test');
    return handle;
  };
  return {
    get database() {
      return made(database);
    },
    get second() {
      return made(second);
    },
  };
}
