import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresKinds, type TestDatabase } from '../../test/test-database.ts';
import { dropUnmigratableJobSchema, installJobQueues } from './start-jobs.ts';

/**
 * pg-boss 12 migrates a `pgboss` schema from its 11.0 (version 25) on. A database whose job queue
 * pg-boss 10 installed (version 24) has it replaced at the next migrate or start (decision 041).
 */
describe.each(postgresKinds())('the job queue’s schema (pg-boss on %s)', (kind) => {
  let database: TestDatabase;
  let url = '';
  beforeEach(async () => {
    database = await createTestDatabase(kind, 2);
    url = database.url ?? '';
  });
  afterEach(() => database.close());

  async function query<Row extends pg.QueryResultRow>(sql: string): Promise<Row[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<Row>(sql)).rows;
    } finally {
      await client.end();
    }
  }
  const schemaVersion = async () =>
    (await query<{ version: number }>('select version from pgboss.version'))[0]?.version;

  it('replaces a schema pg-boss 10 left, and installs the queues', async () => {
    // What pg-boss 10 leaves that matters here: its version row, and its tables with old jobs.
    await query(`create schema pgboss;
      create table pgboss.version (version int primary key, maintained_on timestamptz, cron_on timestamptz, monitored_on timestamptz);
      insert into pgboss.version (version) values (24);
      create table pgboss.archive (name text, state text, completed_on timestamptz)`);
    await installJobQueues(url, ['schema-test-job']);
    expect(await schemaVersion()).toBeGreaterThanOrEqual(25);
    expect((await query(`select to_regclass('pgboss.archive') as archive`))[0]).toEqual({ archive: null });
    const queues = await query<{ name: string; policy: string }>(
      `select name, policy from pgboss.queue where name = 'schema-test-job'`,
    );
    expect(queues).toEqual([{ name: 'schema-test-job', policy: 'stately' }]);
  });

  it('leaves a current schema, and its jobs, as they are', async () => {
    await installJobQueues(url, ['schema-test-job']);
    const version = await schemaVersion();
    await query(`insert into pgboss.job (name, data) values ('schema-test-job', '{"kept":true}')`);
    expect(await dropUnmigratableJobSchema(url)).toBe(false);
    await installJobQueues(url, ['schema-test-job']);
    expect(await schemaVersion()).toBe(version);
    expect(await query(`select data from pgboss.job where name = 'schema-test-job'`)).toEqual([
      { data: { kept: true } },
    ]);
  });

  it('is dropped by one of many instances starting at once, and then installed once', async () => {
    await query(`create schema pgboss;
      create table pgboss.version (version int primary key);
      insert into pgboss.version (version) values (24)`);
    const dropped = await Promise.all(Array.from({ length: 6 }, () => dropUnmigratableJobSchema(url)));
    expect(dropped.filter(Boolean)).toHaveLength(1);
    await Promise.all(Array.from({ length: 3 }, () => installJobQueues(url, ['schema-test-job'])));
    expect(await schemaVersion()).toBeGreaterThanOrEqual(25);
  });
});
