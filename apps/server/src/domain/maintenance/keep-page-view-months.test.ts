import { randomBytes } from 'node:crypto';
import { japanMonthKey } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import * as schema from '../../db/schema.ts';
import { pageViews } from '../../db/schema.ts';
import {
  createTestDatabase,
  type DatabaseKind,
  databaseKinds,
  postgresKinds,
  type TestDatabase,
} from '../../test/test-database.ts';
import { recordPageView } from '../analytics/record-page-view.ts';
import { keepPageViewMonths } from './keep-page-view-months.ts';

const jst = (local: string) => new Date(`${local}+09:00`);
const partitionOf = (monthKey: string) => `page_views_${monthKey.replace('-', '')}`;

/** Every month (yyyy-mm) from `first` through `last`. */
function months(first: string, last: string): string[] {
  const index = (key: string) => Number(key.slice(0, 4)) * 12 + Number(key.slice(5)) - 1;
  return Array.from({ length: index(last) - index(first) + 1 }, (_, n) => {
    const at = index(first) + n;
    return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`;
  });
}

/** page_views' month partitions, as yyyy-mm, oldest first (the default is not a month). */
async function partitionMonths(db: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'page_views'::regclass order by 1`,
  );
  return rows
    .map((row) => row.name)
    .filter((name) => name !== 'page_views_default')
    .map((name) => `${name.slice(11, 15)}-${name.slice(15)}`);
}

/** Where each view of a path is stored, and under which id. */
async function placed(db: Database, path: string) {
  return queryRows<{ id: number; partition: string }>(
    db,
    sql`select id::int as id, tableoid::regclass::text as partition from page_views where path = ${path} order by id`,
  );
}

async function withDatabase(kind: DatabaseKind, body: (database: TestDatabase) => Promise<void>) {
  const database = await createTestDatabase(kind);
  try {
    await body(database);
  } finally {
    await database.close();
  }
}

const nothing = { created: [], dropped: [], moved: 0, deleted: 0, busy: false };

describe.each(databaseKinds())('page view months on %s', (kind) => {
  it('stores a view in its Japan-time month, one without a partition in the default, and moves it when its month is made', async () => {
    await withDatabase(kind, async ({ db }) => {
      expect(await recordPageView({ db, path: '/today', userId: null, ip: '192.0.2.1' })).toBe(true);
      expect(await placed(db, '/today')).toEqual([
        { id: expect.any(Number), partition: partitionOf(japanMonthKey(new Date())) },
      ]);
      // The last instant of April and the first of May in Japan (15:00 UTC), years past any partition.
      await db.insert(pageViews).values([
        { path: '/april', userId: 'u1', viewedAt: new Date('2041-04-30T14:59:59.999Z') },
        { path: '/may', userId: 'u2', viewedAt: new Date('2041-04-30T15:00:00.000Z') },
      ]);
      const [april] = await placed(db, '/april');
      const [may] = await placed(db, '/may');
      expect([april?.partition, may?.partition]).toEqual(['page_views_default', 'page_views_default']);

      const before = await partitionMonths(db);
      const result = await keepPageViewMonths({ db, now: jst('2041-05-10T12:00:00'), retentionMonths: 13 });
      // The migration's months are 14 years old by then; April for its view, May and 3 ahead are made.
      expect(result).toEqual({
        created: months('2041-04', '2041-08'),
        dropped: before,
        moved: 2,
        deleted: 0,
        busy: false,
      });
      expect(await placed(db, '/april')).toEqual([{ id: april?.id, partition: 'page_views_204104' }]);
      expect(await placed(db, '/may')).toEqual([{ id: may?.id, partition: 'page_views_204105' }]);
      expect(await placed(db, '/today')).toEqual([]);
      expect(await partitionMonths(db)).toEqual(months('2041-04', '2041-08'));
      expect(await keepPageViewMonths({ db, now: jst('2041-05-10T13:00:00'), retentionMonths: 13 })).toEqual(
        nothing,
      );
    });
  });

  it('drops only months wholly older than the retention, keeping the month at the boundary', async () => {
    await withDatabase(kind, async ({ db }) => {
      // The last instant of March 2031 in Japan: the 13 months before it start with February 2030.
      const lastOfMarch = jst('2031-03-31T23:59:59.999');
      const firstOfApril = jst('2031-04-01T00:00:00');
      const setUp = await keepPageViewMonths({ db, now: lastOfMarch, retentionMonths: 13 });
      expect(setUp.created).toEqual(months('2031-03', '2031-06'));
      // Views of months that have no partition, as after an import or a long stop of the job.
      await db.insert(pageViews).values([
        { path: '/february', userId: null, viewedAt: jst('2030-02-01T00:00:00') },
        { path: '/february', userId: null, viewedAt: jst('2030-02-28T23:59:59.999') },
        { path: '/march', userId: null, viewedAt: jst('2030-03-01T00:00:00') },
        // Past every month kept, with no partition: deleted from the default, not given a month.
        { path: '/ancient', userId: null, viewedAt: jst('2001-01-01T00:00:00') },
      ]);

      expect(await keepPageViewMonths({ db, now: lastOfMarch, retentionMonths: 13 })).toEqual({
        ...nothing,
        created: ['2030-02', '2030-03'],
        moved: 3,
        deleted: 1,
      });
      expect((await placed(db, '/february')).map((row) => row.partition)).toEqual([
        'page_views_203002',
        'page_views_203002',
      ]);

      expect(await keepPageViewMonths({ db, now: firstOfApril, retentionMonths: 13 })).toEqual({
        ...nothing,
        created: ['2031-07'],
        dropped: ['2030-02'],
      });
      expect(await placed(db, '/february')).toEqual([]);
      expect((await placed(db, '/march')).map((row) => row.partition)).toEqual(['page_views_203003']);
      expect(await placed(db, '/ancient')).toEqual([]);
      expect(await partitionMonths(db)).toEqual(['2030-03', ...months('2031-03', '2031-07')]);
      // A longer retention drops nothing more; with 1 month only March is kept before April.
      expect(await keepPageViewMonths({ db, now: firstOfApril, retentionMonths: 24 })).toEqual(nothing);
      expect(await keepPageViewMonths({ db, now: firstOfApril, retentionMonths: 1 })).toEqual({
        ...nothing,
        dropped: ['2030-03'],
      });
      expect(await partitionMonths(db)).toEqual(months('2031-03', '2031-07'));
    });
  });
});

describe.each(postgresKinds())('page view months with other sessions at once on %s', (kind) => {
  it('lets two runs at once make each month once and move each view once', async () => {
    await withDatabase(kind, async ({ db }) => {
      await db.execute(sql`insert into page_views (path, viewed_at)
        select '/queued', '2041-01-01 00:00+09'::timestamptz + n * interval '1 hour'
        from generate_series(0, 2159) as n`);
      const before = await partitionMonths(db);
      const now = jst('2041-02-10T12:00:00');
      const runs = await Promise.all([
        keepPageViewMonths({ db, now, retentionMonths: 13 }),
        keepPageViewMonths({ db, now, retentionMonths: 13 }),
      ]);
      const created = runs.flatMap((run) => run.created).sort();
      const dropped = runs.flatMap((run) => run.dropped).sort();
      // January for its queued views, then February (now) to May.
      expect(created).toEqual(months('2041-01', '2041-05'));
      expect(dropped).toEqual(before);
      expect(runs[0]!.moved + runs[1]!.moved).toBe(2160);
      const stored = await queryRows<{ partition: string; views: number }>(
        db,
        sql`select tableoid::regclass::text as partition, count(*)::int as views from page_views
          group by 1 order by 1`,
      );
      expect(stored).toEqual([
        { partition: 'page_views_204101', views: 744 },
        { partition: 'page_views_204102', views: 672 },
        { partition: 'page_views_204103', views: 744 },
      ]);
    });
  });

  it('gives up while a reader holds the default partition, loses no view, and finishes on the next run', async () => {
    await withDatabase(kind, async (database) => {
      const { db } = database;
      await db
        .insert(pageViews)
        .values({ path: '/waiting', userId: null, viewedAt: jst('2041-02-01T00:00:00') });
      const reader = new pg.Client({ connectionString: database.url });
      await reader.connect();
      try {
        await reader.query('begin');
        await reader.query('select count(*) from page_views_default');
        const now = jst('2041-02-10T12:00:00');
        const held = await keepPageViewMonths({ db, now, retentionMonths: 13 });
        // Dropping the old months needs page_views to itself too: both steps wait 2 s and give up.
        expect(held).toEqual({ ...nothing, busy: true });
        // Views still arrive meanwhile, into their months and into the default.
        expect(await recordPageView({ db, path: '/meanwhile', userId: null, ip: '192.0.2.2' })).toBe(true);
        await reader.query('commit');
        const next = await keepPageViewMonths({ db, now, retentionMonths: 13 });
        expect(next).toMatchObject({ created: months('2041-02', '2041-05'), moved: 1, busy: false });
        expect((await placed(db, '/waiting')).map((row) => row.partition)).toEqual(['page_views_204102']);
      } finally {
        await reader.end();
      }
    });
  });

  it('runs as the servers’ role, which may read and write rows but not create or drop tables', async () => {
    await withDatabase(kind, async (database) => {
      const role = `qp_pv_app_${randomBytes(4).toString('hex')}`;
      const { db } = database;
      await db.execute(sql.raw(`create role ${role} nologin`));
      try {
        // What deploy/postgres-roles.sql grants the app role.
        await db.execute(
          sql.raw(`grant usage on schema public to ${role};
          grant select, insert, update, delete on all tables in schema public to ${role};
          grant usage, select on all sequences in schema public to ${role};`),
        );
        await db
          .insert(pageViews)
          .values({ path: '/queued', userId: null, viewedAt: jst('2041-02-01T00:00:00') });
        const before = await partitionMonths(db);
        const pool = new pg.Pool({ connectionString: database.url, max: 2, options: `-c role=${role}` });
        try {
          const appDb = drizzle({ client: pool, schema }) as unknown as Database;
          await expect(
            appDb.execute(sql`create table page_views_209901 (like page_views)`),
          ).rejects.toMatchObject({
            cause: { code: '42501' },
          });
          const result = await keepPageViewMonths({
            db: appDb,
            now: jst('2041-02-10T12:00:00'),
            retentionMonths: 13,
          });
          expect(result).toEqual({
            created: months('2041-02', '2041-05'),
            dropped: before,
            moved: 1,
            deleted: 0,
            busy: false,
          });
          expect(await appDb.$count(pageViews)).toBe(1);
        } finally {
          await pool.end();
        }
      } finally {
        await db.execute(sql.raw(`drop owned by ${role}; drop role ${role}`));
      }
    });
  });
});
