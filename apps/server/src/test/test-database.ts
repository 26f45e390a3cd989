import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

const adminUrl = () => process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function createTestDatabase(kind: DatabaseKind, poolSize = 20): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openPglite();
    await handle.migrate();
    return handle;
  }
  const name = `qp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), poolSize);
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
