import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, japanDayStart, japanIsoDate, type LedgerReason } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { adDeliveries, pointTransactions, users } from '../../db/schema.ts';
import { migrationsFolder } from '../../paths.ts';
import { createAd } from '../../test/factories.ts';
import { databaseKinds, useTestDatabase } from '../../test/test-database.ts';
import { getBusinessFigures } from './get-business-figures.ts';
import { rollUpSiteFigures } from './roll-up-site-figures.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The whole ledger and every delivery counted straight from the raw tables. */
async function rawTotals(db: Database) {
  const ledger = await queryRows<{ reason: string; direction: string; entries: number; points: number }>(
    db,
    sql`select reason, case when points > 0 then 'credit' else 'debit' end as direction,
        count(*)::int as entries, sum(abs(points))::int as points
      from point_transactions group by 1, 2 order by 1, 2`,
  );
  const [deliveries] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ad_deliveries`,
  );
  return { ledger, deliveries: deliveries!.count };
}

/** The figures /metrics reports equal the raw tables exactly, and hold the story's own rows. */
async function expectRawTotals(db: Database, expected: { entries: number; deliveries: number }) {
  const { ledger, deliveries } = await getBusinessFigures({ db });
  const raw = await rawTotals(db);
  expect({ ledger, deliveries }).toEqual(raw);
  expect(ledger.reduce((sum, row) => sum + row.entries, 0)).toBe(expected.entries);
  expect(deliveries).toBe(expected.deliveries);
}

const ledgerTables =
  sql.raw(`(select 'closed' as part, day::text as day, reason, direction, entries, points::int
    from site_day_ledger union all
  select 'open', day::text, reason, direction, entries, points::int from site_open_day_ledger) t`);

describe.each(databaseKinds())('the business figures of /metrics on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('equal count(*) and sum over the raw ledger and deliveries, before, during and after the rollup', async () => {
    const db = database.db;
    // A story around the Japan-time midnight that starts d2, four days ago.
    const d2 = addDays(japanIsoDate(new Date()), -4);
    const midnight = japanDayStart(d2).getTime();
    const at = (offset: number) => new Date(midnight + offset);
    await db
      .insert(users)
      .values(['a', 'b', 'c'].map((id) => ({ id, email: `${id}@example.com`, emailHash: `hash-${id}` })));
    let entries = 0;
    let deliveries = 0;
    const ledger = async (userId: string, points: number, reason: LedgerReason, when: Date) => {
      entries++;
      await db
        .insert(pointTransactions)
        .values({ userId, points, reason, ref: `${reason}-${entries}`, memo: 'テスト', createdAt: when });
    };
    const delivery = async (userId: string, when: Date) => {
      deliveries++;
      // One delivery per ad and person: a new ad each time.
      const ad = await createAd(db);
      await db.insert(adDeliveries).values({ adId: ad.id, userId, unitPrice: 40, deliveredAt: when });
    };
    const day = async (offset: number) => {
      // Each day: credits of three reasons, a debit, a refund and two deliveries.
      await ledger('a', 100, 'signup_bonus', at(offset));
      await ledger('b', 20, 'ad_quiz', at(offset + MINUTE));
      await ledger('c', 5, 'gacha', at(offset + 2 * MINUTE));
      await ledger('a', -50, 'gift_request', at(offset + 3 * MINUTE));
      await ledger('a', 50, 'gift_refund', at(offset + 4 * MINUTE));
      await delivery('b', at(offset + MINUTE));
      await delivery('c', at(offset + 2 * MINUTE));
    };
    // d0, d1, and d1 just before midnight, d2 just after it and later that day.
    await day(-40 * HOUR);
    await day(-20 * HOUR);
    await day(-8 * MINUTE);
    await day(2 * MINUTE);
    await day(5 * HOUR);
    await ledger('b', -3, 'admin_adjustment', at(-1));
    await ledger('b', 3, 'admin_adjustment', at(0));

    // Nothing rolled up: everything is counted from the raw rows.
    await expectRawTotals(db, { entries, deliveries });

    // 5 minutes after midnight: d0 is closed, d1 is open up to its mark (5 minutes before midnight),
    // and d1's last minutes and all of d2 come after the mark.
    await rollUpSiteFigures({ db, now: at(5 * MINUTE) });
    const parts = await queryRows<{ part: string; day: string }>(
      db,
      sql`select distinct part, day from ${ledgerTables} order by 1, 2`,
    );
    expect(parts).toEqual([
      { part: 'closed', day: addDays(d2, -2) },
      { part: 'open', day: addDays(d2, -1) },
    ]);
    await expectRawTotals(db, { entries, deliveries });

    // d1 closed, d2 open up to a minute after midnight, the rest of d2 after the mark.
    await rollUpSiteFigures({ db, now: at(11 * MINUTE) });
    await expectRawTotals(db, { entries, deliveries });
    await rollUpSiteFigures({ db, now: at(6 * HOUR) });
    await expectRawTotals(db, { entries, deliveries });

    // Rolled up to now: every past day closed, today open; then rows written now, after the mark.
    await rollUpSiteFigures({ db, now: new Date() });
    await day(Date.now() - midnight - 5 * MINUTE);
    await ledger('c', 7, 'daily_quiz', new Date());
    await delivery('a', new Date());
    await expectRawTotals(db, { entries, deliveries });
    await rollUpSiteFigures({ db, now: new Date(Date.now() + 11 * MINUTE) });
    await expectRawTotals(db, { entries, deliveries });

    // A database rolled up before migrations/0017 gets the same rows from the migration's backfill.
    const stored = async () => queryRows(db, sql`select * from ${ledgerTables} order by 1, 2, 3, 4`);
    const before = await stored();
    await db.execute(sql`delete from site_day_ledger`);
    await db.execute(sql`delete from site_open_day_ledger`);
    const migration = readFileSync(join(migrationsFolder, '0017_ledger_reason_figures.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('insert'));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect(await stored()).toEqual(before);
  });
});
