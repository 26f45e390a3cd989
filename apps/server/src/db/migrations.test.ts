import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { japanMonthKey, messages } from '@quiz-points/shared';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../../scripts/test-support.mjs';
import { migrationsFolder } from '../paths.ts';
import { type DatabaseKind, databaseKinds } from '../test/test-database.ts';

/** A copy of the migrations folder that stops after `lastTag`, to migrate a database part of the way. */
function migrationsUpTo(lastTag: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'qp-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0005', () => {
  it('moves suspensions from settings_audit to admin_audit and leaves settings alone', () =>
    migratedUpTo('pglite', '0004_hot_ad', async (database) => {
      await database.exec(`
      insert into settings_audit (key, old_value, new_value, changed_by, changed_at) values
        ('suspension:u1', '{"suspended":false,"reason":null}', '{"suspended":true,"reason":"不正"}', 'admin', '2026-11-01T00:00:00Z'),
        ('suspension:u1', '{"suspended":true,"reason":"不正"}', '{"suspended":false,"reason":"解除"}', 'admin', '2026-11-02T00:00:00Z'),
        ('dailyQuizPoints', '10', '20', 'admin', '2026-11-03T00:00:00Z');`);
      await database.migrateTo(migrationsFolder);

      const moved = await database.query(
        `select action, target_id, reason, details, acted_by, acted_at::text from admin_audit order by id`,
      );
      expect(moved).toEqual([
        {
          action: 'suspend',
          target_id: 'u1',
          reason: '不正',
          details: { before: { suspended: false, reason: null } },
          acted_by: 'admin',
          acted_at: '2026-11-01 00:00:00+00',
        },
        {
          action: 'unsuspend',
          target_id: 'u1',
          reason: '解除',
          details: { before: { suspended: true, reason: '不正' } },
          acted_by: 'admin',
          acted_at: '2026-11-02 00:00:00+00',
        },
      ]);
      expect(await database.query(`select key from settings_audit`)).toEqual([{ key: 'dailyQuizPoints' }]);
    }));
});

/**
 * A new database of `kind` that migrates to the end of a folder, raw queries on it (`exec` runs a
 * script of several statements), and its closing.
 */
async function openMigratable(kind: DatabaseKind) {
  if (kind === 'pglite') {
    // Migrating to the newest creates pg_trgm (0014), which PGlite loads as db/client.ts does.
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle({ client });
    return {
      migrateTo: (folder: string) => migrate(db, { migrationsFolder: folder }),
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
      exec: async (script: string) => {
        await client.exec(script);
      },
      close: () => client.close(),
    };
  }
  const database = await createPostgresDatabase('qp_test');
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const db = drizzlePg({ client: pool });
  return {
    migrateTo: (folder: string) => migratePg(db, { migrationsFolder: folder }),
    query: async <T>(text: string) => (await pool.query(text)).rows as T[],
    exec: async (script: string) => {
      await pool.query(script);
    },
    close: async () => {
      await pool.end();
      await database.drop();
    },
  };
}

type Migratable = Awaited<ReturnType<typeof openMigratable>>;

/**
 * One migration's test on a new database of `kind`, migrated first up to `lastTag`, the migration
 * before it: `test` writes the rows the migration finds, migrates the rest and looks. The database and
 * the partial folder are removed after.
 */
async function migratedUpTo(
  kind: DatabaseKind,
  lastTag: string,
  test: (database: Migratable) => Promise<void>,
) {
  const folder = migrationsUpTo(lastTag);
  const database = await openMigratable(kind);
  try {
    await database.migrateTo(folder);
    await test(database);
  } finally {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

describe.each(databaseKinds())('migration 0016 on %s', (kind) => {
  it('partitions page_views by Japan-time month, keeping every view, its id and the id sequence', () =>
    migratedUpTo(kind, '0015_billing_batches', async (database) => {
      // The last instant of March and the first of April in Japan (15:00 UTC), an older month, this
      // month, and a month years ahead that gets no partition.
      await database.query(`insert into page_views (path, user_id, viewed_at) values
        ('/old', 'u1', '2025-01-15T12:00:00+09:00'),
        ('/march', null, '2026-03-31T23:59:59.999+09:00'),
        ('/april', 'u2', '2026-04-01T00:00:00+09:00'),
        ('/now', 'u3', now()),
        ('/ahead', null, '2040-06-01T00:00:00+09:00'),
        ('/deleted', null, now())`);
      // The newest id gone: the next id must still come from the sequence, not from max(id).
      await database.query(`delete from page_views where path = '/deleted'`);
      const views = `select id::int as id, path, user_id, (extract(epoch from viewed_at) * 1000)::bigint::text as at
        from page_views order by id`;
      const before = await database.query<{ id: number; path: string }>(views);
      expect(before.map((row) => row.id)).toEqual([1, 2, 3, 4, 5]);

      await database.migrateTo(migrationsFolder);

      expect(await database.query(views)).toEqual(before);
      const placed = await database.query<{ path: string; partition: string }>(
        `select path, tableoid::regclass::text as partition from page_views order by id`,
      );
      const thisMonth = japanMonthKey(new Date());
      expect(placed).toEqual([
        { path: '/old', partition: 'page_views_202501' },
        { path: '/march', partition: 'page_views_202603' },
        { path: '/april', partition: 'page_views_202604' },
        { path: '/now', partition: `page_views_${thisMonth.replace('-', '')}` },
        { path: '/ahead', partition: 'page_views_default' },
      ]);
      // Every month from the oldest view's through three after this one, with no gap.
      const partitions = await database.query<{ name: string }>(
        `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'page_views'::regclass and c.relname <> 'page_views_default' order by 1`,
      );
      const [year, month] = thisMonth.split('-').map(Number) as [number, number];
      const count = (year - 2025) * 12 + month - 1 + 4;
      expect(partitions.map((row) => row.name)).toEqual(
        Array.from(
          { length: count },
          (_, n) => `page_views_${2025 + Math.floor(n / 12)}${String((n % 12) + 1).padStart(2, '0')}`,
        ),
      );
      expect(await database.query(`select to_regclass('page_views_unpartitioned') as old`)).toEqual([
        { old: null },
      ]);
      expect(
        await database.query(`insert into page_views (path) values ('/next') returning id::int as id`),
      ).toEqual([{ id: 7 }]);
    }));

  it('makes this month and the next three when the only views are further ahead', () =>
    migratedUpTo(kind, '0015_billing_batches', async (database) => {
      await database.query(
        `insert into page_views (path, viewed_at) values ('/ahead', '2040-06-01T00:00:00+09:00')`,
      );
      await database.migrateTo(migrationsFolder);
      const partitions = await database.query<{ name: string }>(
        `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'page_views'::regclass order by 1`,
      );
      const [year, month] = japanMonthKey(new Date()).split('-').map(Number) as [number, number];
      const ahead = Array.from({ length: 4 }, (_, n) => {
        const index = year * 12 + month - 1 + n;
        return `page_views_${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, '0')}`;
      });
      expect(partitions.map((row) => row.name)).toEqual([...ahead, 'page_views_default']);
      expect(await database.query(`select tableoid::regclass::text as partition from page_views`)).toEqual([
        { partition: 'page_views_default' },
      ]);
    }));
});

describe('ledger memos written by the SQL functions', () => {
  const sqlText = readdirSync(migrationsFolder)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => readFileSync(path.join(migrationsFolder, name), 'utf8'))
    .join('\n');

  it.each([
    messages.memoGacha,
    messages.memoDailyQuiz,
    messages.memoAdQuizCorrect,
    messages.memoAdQuizAnswered,
    messages.memoGiftExchange,
  ])('are the catalogue’s: %s', (memo) => {
    expect(sqlText).toContain(`'${memo}'`);
  });
});

describe('migration 0012', () => {
  it('lists the withdrawn accounts that already hold points, and none other', () =>
    migratedUpTo('pglite', '0011_ad_figures', async (database) => {
      await database.exec(`
      insert into users (id, email, email_hash, points, withdrawn_at) values
        ('kept', 'kept@example.com', 'h1', 300, '2026-11-01T00:00:00Z'),
        ('emptied', 'emptied@example.com', 'h2', 0, '2026-11-01T00:00:00Z'),
        ('member', 'member@example.com', 'h3', 500, null);`);
      await database.migrateTo(migrationsFolder);
      expect(await database.query(`select user_id, points from withdrawn_balances`)).toEqual([
        { user_id: 'kept', points: 300 },
      ]);
      // From then on the trigger keeps it: a refund to a withdrawn account, and a balance spent to zero.
      await database.exec(`update users set points = points + 50 where id in ('emptied', 'member');
      update users set points = 0 where id = 'kept';`);
      expect(await database.query(`select user_id, points from withdrawn_balances`)).toEqual([
        { user_id: 'emptied', points: 50 },
      ]);
    }));
});

describe.each(databaseKinds())('migration 0023 on %s', (kind) => {
  it('gives the invoices that claimed deliveries their stretches, the latest one of an ad with unclaimed deliveries starting at the earliest', () =>
    migratedUpTo(kind, '0022_ad_images', async (database) => {
      // Ad A: September and October invoiced (claimed), then a September delivery that committed after
      // October was invoiced. Ad B: September invoiced, every delivery claimed, one in November not yet.
      await database.exec(`
        insert into users (id, email, email_hash, role) values ('adv', 'adv@example.com', 'adv', 'advertiser'),
          ('m1', 'm1@example.com', 'm1', 'user'), ('m2', 'm2@example.com', 'm2', 'user'), ('m3', 'm3@example.com', 'm3', 'user');
        insert into ads (id, advertiser_id, ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward, unit_price)
        values ('aaaaaaaa-0000-4000-8000-000000000000', 'adv', '広告社', 'https://example.com', 'A', 'Q', '["a","b"]', 5, 30),
               ('bbbbbbbb-0000-4000-8000-000000000000', 'adv', '広告社', 'https://example.com', 'B', 'Q', '["a","b"]', 5, 40);
        insert into invoices (id, ad_id, advertiser_id, period, deliveries, subtotal, tax, total, status) values
          ('11111111-0000-4000-8000-000000000000', 'aaaaaaaa-0000-4000-8000-000000000000', 'adv', '202609', 1, 30, 3, 33, 'carried_over'),
          ('22222222-0000-4000-8000-000000000000', 'aaaaaaaa-0000-4000-8000-000000000000', 'adv', '202610', 1, 30, 3, 66, 'charged'),
          ('33333333-0000-4000-8000-000000000000', 'bbbbbbbb-0000-4000-8000-000000000000', 'adv', '202609', 2, 80, 8, 88, 'charged');
        insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at, invoice_id) values
          ('aaaaaaaa-0000-4000-8000-000000000000', 'm1', 30, '2026-09-10T12:00:00+09:00', '11111111-0000-4000-8000-000000000000'),
          ('aaaaaaaa-0000-4000-8000-000000000000', 'm2', 30, '2026-10-10T12:00:00+09:00', '22222222-0000-4000-8000-000000000000'),
          ('aaaaaaaa-0000-4000-8000-000000000000', 'm3', 30, '2026-09-30T23:59:00+09:00', null),
          ('bbbbbbbb-0000-4000-8000-000000000000', 'm1', 40, '2026-09-01T00:00:00+09:00', '33333333-0000-4000-8000-000000000000'),
          ('bbbbbbbb-0000-4000-8000-000000000000', 'm2', 40, '2026-09-30T23:59:59+09:00', '33333333-0000-4000-8000-000000000000'),
          ('bbbbbbbb-0000-4000-8000-000000000000', 'm3', 40, '2026-11-02T08:00:00+09:00', null)`);

      await database.migrateTo(migrationsFolder);

      const stretches = await database.query(`
        select period, (extract(epoch from billed_from) * 1000)::bigint::text as billed_from,
               (extract(epoch from billed_until) * 1000)::bigint::text as billed_until, stretch_deliveries, stretch_subtotal
        from invoices order by ad_id, period`);
      const ms = (local: string) => String(new Date(`${local}+09:00`).getTime());
      expect(stretches).toEqual([
        {
          period: '202609',
          billed_from: null,
          billed_until: ms('2026-10-01T00:00:00'),
          stretch_deliveries: null,
          stretch_subtotal: null,
        },
        // The late September delivery lies in this invoice's stretch, which held none: the next bills it.
        {
          period: '202610',
          billed_from: ms('2026-09-30T23:59:00'),
          billed_until: ms('2026-11-01T00:00:00'),
          // It held its claimed October delivery, and billed none of the stretch's unclaimed ones.
          stretch_deliveries: 1,
          stretch_subtotal: 0,
        },
        {
          period: '202609',
          billed_from: null,
          billed_until: ms('2026-10-01T00:00:00'),
          stretch_deliveries: null,
          stretch_subtotal: null,
        },
      ]);
      const indexes = await database.query<{ indexname: string }>(
        `select indexname from pg_indexes where indexname in ('ad_deliveries_unbilled_idx', 'invoices_ad_from_key') order by 1`,
      );
      expect(indexes).toEqual([{ indexname: 'invoices_ad_from_key' }]);
    }));
});

describe.each(databaseKinds())('migration 0024 on %s', (kind) => {
  it('gives each member the latest run of Japan-time days the ledger shows points earned on', () =>
    migratedUpTo(kind, '0023_invoice_stretches', async (database) => {
      await database.query(`insert into users (id, email, email_hash, points) values
        ('runner', 'runner@example.com', 'h1', 100), ('broken', 'broken@example.com', 'h2', 100),
        ('refunded', 'refunded@example.com', 'h3', 100), ('none', 'none@example.com', 'h4', 0)`);
      // runner: an older run of two, then 27 and 28 November, 28 November's first instant in Japan
      // (15:00 UTC on the 27th) and its last. broken: a run that ends before a gap. refunded: only a
      // refund and an adjustment, which are not earnings.
      await database.query(`insert into point_transactions (user_id, points, memo, reason, ref, created_at) values
        ('runner', 5, 'm', 'gacha', 'a', '2026-11-20T12:00:00+09:00'),
        ('runner', 5, 'm', 'gacha', 'b', '2026-11-21T12:00:00+09:00'),
        ('runner', 5, 'm', 'gacha', 'c', '2026-11-27T23:59:59+09:00'),
        ('runner', 5, 'm', 'ad_quiz', 'd', '2026-11-27T15:00:00Z'),
        ('runner', 5, 'm', 'daily_quiz', 'e', '2026-11-28T23:59:59+09:00'),
        ('runner', -5, 'm', 'gift_request', 'f', '2026-11-29T12:00:00+09:00'),
        ('broken', 5, 'm', 'gacha', 'a', '2026-11-24T12:00:00+09:00'),
        ('broken', 5, 'm', 'gacha', 'b', '2026-11-25T12:00:00+09:00'),
        ('broken', 5, 'm', 'gacha', 'c', '2026-11-26T12:00:00+09:00'),
        ('refunded', 50, 'm', 'gift_refund', 'a', '2026-11-28T12:00:00+09:00'),
        ('refunded', 50, 'm', 'admin_adjustment', 'b', '2026-11-28T12:00:00+09:00')`);
      await database.migrateTo(migrationsFolder);
      expect(
        await database.query(
          `select id, earning_streak_days as days, earning_streak_last_day::text as last_day from users order by id`,
        ),
      ).toEqual([
        { id: 'broken', days: 3, last_day: '2026-11-26' },
        { id: 'none', days: 0, last_day: null },
        { id: 'refunded', days: 0, last_day: null },
        { id: 'runner', days: 2, last_day: '2026-11-28' },
      ]);
    }));
});
