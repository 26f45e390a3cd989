import { randomUUID } from 'node:crypto';
import { invoiceAmounts } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { createCapturedMailer } from '../../services/mail/captured-mailer.ts';
import { createLocalPaymentProvider } from '../../services/payments/local-payment-provider.ts';
import { storedAdvertiser } from '../../test/billing-fixtures.ts';
import { createAds } from '../../test/factories.ts';
import { triggerOnInvoiceAmounts } from '../../test/invoice-amounts-trigger.ts';
import { databaseKinds, postgresKinds, useTestDatabase, useTwoInstances } from '../../test/test-database.ts';
import { previousJapanMonth } from './billing-period.ts';
import { createMonthlyInvoices } from './create-monthly-invoices.ts';
import { runMonthlyBilling } from './run-monthly-billing.ts';

const REGISTRATION_NUMBER = 'T1234567890123';
const ISSUER = { name: '株式会社テスト運営', registrationNumber: REGISTRATION_NUMBER };
const jst = (local: string) => new Date(`${local}+09:00`);
/** The runs on the 5th of November 2026 bill October. */
const NOVEMBER_RUN = jst('2026-11-05T04:00:00');
const { end: OCTOBER_END } = previousJapanMonth(NOVEMBER_RUN);
const { end: SEPTEMBER_END } = previousJapanMonth(jst('2026-10-05T04:00:00'));

function run(db: Database, options: { now?: Date; batchSize?: number } = {}) {
  return runMonthlyBilling({
    db,
    payments: createLocalPaymentProvider({
      db,
      publicUrl: 'http://127.0.0.1:3000',
      secret: 'test-secret-test-secret-test-secret',
      webhookSecret: 'whsec_test',
    }),
    mailer: createCapturedMailer(db),
    log: { info() {}, warn() {}, error() {} },
    publicUrl: 'http://127.0.0.1:3000',
    registrationNumber: REGISTRATION_NUMBER,
    issuerName: ISSUER.name,
    now: options.now ?? NOVEMBER_RUN,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
  });
}

interface Month {
  /** Non-house ads, in id order. */
  billed: string[];
  houseAds: string[];
  /** The ad with a September delivery committed after September was billed. */
  lateAd: string;
  /** What the November run must bill per ad (expectedOctober), read once the month is arranged. */
  expected: Expected[];
}

/**
 * `adCount` ads over four advertisers (two with a company name), a house ad, and set-based
 * deliveries: September (billed by a run on 5 October, some under 50 yen and carried over), October
 * (1–30 per ad, prices 10–60 yen), a September delivery that arrived after that run (billed with
 * October), and November deliveries the November run must leave alone.
 */
async function arrangeMonth(db: Database, adCount: number): Promise<Month> {
  const advertisers: string[] = [];
  for (let i = 0; i < 4; i++) {
    const company = i % 2 === 0 ? { companyName: `株式会社${i}`, companyAddress: `東京都千代田区${i}` } : {};
    advertisers.push(await storedAdvertiser(db, { user: { displayName: `広告社${i}`, ...company } }));
  }
  const created = await createAds(db, adCount, (i) => ({
    advertiserId: advertisers[i % advertisers.length],
    unitPrice: 10 + (i % 6) * 10,
  }));
  const [house] = await createAds(db, 1, () => ({
    advertiserId: advertisers[0],
    unitPrice: 40,
    isHouseAd: true,
  }));
  const viewers = `viewer-${randomUUID()}`;
  await db.execute(sql`
    insert into users (id, email, email_hash)
    select ${viewers} || '-' || g, ${viewers} || '-' || g || '@example.com', ${viewers} || '-' || g
    from generate_series(1, 100) g`);
  const plan = [...created, house!].flatMap((ad, i) => [
    // September: 1–3 deliveries.
    { ad_id: ad.id, unit_price: ad.unitPrice, count: 1 + (i % 3), at: '2026-09-10T12:00:00+09:00', first: 1 },
    // October: 1–30, the last of them at 23:59 on the 31st.
    {
      ad_id: ad.id,
      unit_price: ad.unitPrice,
      count: 1 + ((i * 7) % 30),
      at: '2026-10-31T23:30:00+09:00',
      first: 10,
    },
    // November: not billed yet.
    { ad_id: ad.id, unit_price: ad.unitPrice, count: 2, at: '2026-11-01T00:00:00+09:00', first: 50 },
  ]);
  await deliver(db, viewers, plan);
  await run(db, { now: jst('2026-10-05T04:00:00') });
  // A September delivery that committed after September was billed: October's invoice takes it.
  await deliver(db, viewers, [
    {
      ad_id: created[1]!.id,
      unit_price: created[1]!.unitPrice,
      count: 1,
      at: '2026-09-30T23:59:00+09:00',
      first: 90,
    },
  ]);
  const billed = created.map((ad) => ad.id).sort();
  return { billed, houseAds: [house!.id], lateAd: created[1]!.id, expected: await expectedOctober(db) };
}

/** Deliveries by viewers `first`…: the j-th delivery of a row `j` minutes after `at`. */
async function deliver(
  db: Database,
  viewers: string,
  plan: { ad_id: string; unit_price: number; count: number; at: string; first: number }[],
) {
  await db.execute(sql`
    insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at)
    select p.ad_id, ${viewers} || '-' || (p.first + j), p.unit_price, p.at + j * interval '1 minute'
    from jsonb_to_recordset(${JSON.stringify(plan)}::jsonb)
      as p(ad_id uuid, unit_price int, count int, at timestamptz, first int)
    cross join lateral generate_series(0, p.count - 1) j`);
}

interface Expected {
  ad_id: string;
  deliveries: number;
  subtotal: number;
  carried_in: number;
}

/**
 * What the November run must bill per ad, read from the raw rows before it runs: every delivery before
 * the end of October less what the earlier invoices billed (so the late September delivery too).
 */
async function expectedOctober(db: Database): Promise<Expected[]> {
  return queryRows<Expected>(
    db,
    sql`select d.ad_id, (count(*) - coalesce(e.deliveries, 0))::int as deliveries,
               (sum(d.unit_price) - coalesce(e.subtotal, 0))::int as subtotal,
               coalesce((select case when p.status = 'carried_over' then p.subtotal + p.carried_in else 0 end
                         from invoices p where p.ad_id = d.ad_id order by p.period desc limit 1), 0)::int as carried_in
        from ad_deliveries d join ads a on a.id = d.ad_id
        left join lateral (select sum(i.deliveries) as deliveries, sum(i.subtotal) as subtotal
                           from invoices i where i.ad_id = d.ad_id) e on true
        where d.delivered_at < ${OCTOBER_END.toISOString()}::timestamptz and not a.is_house_ad
        group by d.ad_id, e.deliveries, e.subtotal
        having count(*) > coalesce(e.deliveries, 0)
        order by d.ad_id`,
  );
}

interface Billed {
  id: string;
  ad_id: string;
  deliveries: number;
  unit_price: number;
  subtotal: number;
  carried_in: number;
  tax: number;
  total: number;
  status: string;
  recipient_name: string;
  recipient_address: string | null;
  issuer_name: string;
  billed_from: string;
  billed_until: string;
  stretch_deliveries: number;
  stretch_subtotal: number;
  /** What its stretch of time holds now. */
  held: number;
  held_sum: number;
}

/** October's invoices with what the deliveries of their stretches of time say, by ad. */
function octoberInvoices(db: Database) {
  return queryRows<Billed>(
    db,
    sql`select i.id, i.ad_id, i.deliveries, i.unit_price, i.subtotal, i.carried_in, i.tax, i.total, i.status,
               i.recipient_name, i.recipient_address, i.issuer_name, i.billed_from::text, i.billed_until::text,
               i.stretch_deliveries, i.stretch_subtotal, h.held, h.held_sum
        from invoices i
        cross join lateral (
          select count(*)::int as held, coalesce(sum(d.unit_price), 0)::int as held_sum from ad_deliveries d
          where d.ad_id = i.ad_id and d.delivered_at >= i.billed_from and d.delivered_at < i.billed_until
        ) h
        where i.period = '202610' order by i.ad_id`,
  );
}

/** Each ad's invoice bills what the raw rows say it must: its deliveries, subtotal and carried-in amount. */
function expectAmountsOf(billed: Billed[], month: Month) {
  expect(
    billed.map(({ ad_id, deliveries, subtotal, carried_in }) => ({
      ad_id,
      deliveries,
      subtotal,
      carried_in,
    })),
  ).toEqual(month.expected);
}

/**
 * The invoices agree with the raw deliveries: each bills October from where its ad's September invoice
 * ended, plus what reached September's stretch after it was written; each ad's invoices together bill
 * every delivery before November once, and no delivery is written.
 */
async function expectBilledExactlyOnce(db: Database, month: Month) {
  const billed = await octoberInvoices(db);
  expect(billed.map((invoice) => invoice.ad_id)).toEqual(month.billed);
  expectAmountsOf(billed, month);
  for (const invoice of billed) {
    expect(new Date(invoice.billed_until)).toEqual(OCTOBER_END);
    expect(new Date(invoice.billed_from)).toEqual(SEPTEMBER_END);
    expect({ held: invoice.held, held_sum: invoice.held_sum }).toEqual({
      held: invoice.stretch_deliveries,
      held_sum: invoice.stretch_subtotal,
    });
    // The late September delivery is the only one billed outside its invoice's stretch.
    const late = invoice.ad_id === month.lateAd ? 1 : 0;
    expect(invoice.deliveries - invoice.stretch_deliveries).toBe(late);
    const { tax, total, status } = invoiceAmounts(invoice.subtotal, invoice.carried_in);
    expect({ tax: invoice.tax, total: invoice.total }).toEqual({ tax, total });
    expect(invoice.status).toBe(status === 'charging' ? 'charged' : status);
    expect(invoice.issuer_name).toBe(ISSUER.name);
  }
  const [claims] = await queryRows<{ unbilled: number; twice: number; written: number; house: number }>(
    db,
    sql`with per_ad as (
          select a.id, (select count(*) from ad_deliveries d
                        where d.ad_id = a.id and d.delivered_at < ${OCTOBER_END.toISOString()}::timestamptz) as delivered,
                 (select coalesce(sum(i.deliveries), 0) from invoices i where i.ad_id = a.id) as billed
          from ads a where not a.is_house_ad
        )
        select (select count(*) from per_ad where billed < delivered)::int as unbilled,
               (select count(*) from per_ad where billed > delivered)::int as twice,
               (select count(*) from ad_deliveries where invoice_id is not null)::int as written,
               (select count(*) from invoices i join ads a on a.id = i.ad_id where a.is_house_ad)::int as house`,
  );
  expect(claims).toEqual({ unbilled: 0, twice: 0, written: 0, house: 0 });
  // One charge per charged invoice, keyed by the invoice, for its total.
  const charges = await queryRows<{ idempotency_key: string; amount: number }>(
    db,
    sql`select c.idempotency_key, c.amount from dev_payment_charges c
        join invoices i on i.id::text = c.idempotency_key where i.period = '202610' order by i.ad_id`,
  );
  expect(charges).toEqual(
    billed
      .filter((invoice) => invoice.status === 'charged')
      .map((invoice) => ({ idempotency_key: invoice.id, amount: invoice.total })),
  );
}

describe.each(databaseKinds())('monthly billing in batches on %s', (kind) => {
  const database = useTestDatabase(kind, { each: true });

  it('writes the same invoices whatever the batch size, one batch or batches of one', async () => {
    const db = database.db;
    const month = await arrangeMonth(db, 23);
    // The data the test stands on: carried-over amounts, the late September delivery, house ads.
    expect(month.expected.filter((row) => row.carried_in > 0).length).toBeGreaterThan(0);
    expect(month.expected).toHaveLength(23);

    const snapshots: unknown[] = [];
    for (const batchSize of [1000, 5, 1, 7]) {
      const { created } = await createMonthlyInvoices({ db, now: NOVEMBER_RUN, issuer: ISSUER, batchSize });
      expect(created).toHaveLength(23);
      const billed = await octoberInvoices(db);
      expectAmountsOf(billed, month);
      snapshots.push(billed.map(({ id: _id, ...rest }) => rest));
      // Undone for the next batch size: the invoices gone (no delivery was written).
      await db.execute(sql`delete from invoices where period = '202610'`);
    }
    for (const snapshot of snapshots.slice(1)) expect(snapshot).toEqual(snapshots[0]);
    // The qualified invoice's recipient: the company name and address, or the display name.
    const billed = snapshots[0] as Billed[];
    expect(new Set(billed.map((invoice) => invoice.recipient_name))).toEqual(
      new Set(['株式会社0', '広告社1', '株式会社2', '広告社3']),
    );

    await run(db, { batchSize: 4 });
    await expectBilledExactlyOnce(db, month);
  });

  it('stopped between batches, keeps the batches that committed, undoes the one that failed whole, and the next run finishes once', async () => {
    const db = database.db;
    const month = await arrangeMonth(db, 20);
    // The 11th ad (the third batch of four) cannot get its amounts: its batch fails at its last step.
    const dropTrigger = await triggerOnInvoiceAmounts(
      db,
      month.billed[10]!,
      "raise exception 'the batch fails here'",
    );

    await expect(
      createMonthlyInvoices({ db, now: NOVEMBER_RUN, issuer: ISSUER, batchSize: 4, concurrency: 1 }),
    ).rejects.toThrow();
    // Batches one and two committed; the third left nothing (not even its invoices); the rest never ran.
    const partial = await octoberInvoices(db);
    expect(partial.map((invoice) => invoice.ad_id)).toEqual(month.billed.slice(0, 8));
    const [left] = await queryRows<{ invoices: number }>(
      db,
      sql`select count(*)::int as invoices from invoices
          where ad_id in (${sql.join(
            month.billed.slice(8).map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) and period = '202610'`,
    );
    expect(left?.invoices).toBe(0);

    await dropTrigger();
    const resumed = await run(db, { batchSize: 4 });
    expect(resumed.invoices).toBe(12);
    expect((await run(db, { batchSize: 4 })).invoices).toBe(0);
    await expectBilledExactlyOnce(db, month);
  });

  it('after invoices that claimed their deliveries, bills what follows them once, and the late delivery migration 0023 found, never a claimed one', async () => {
    const db = database.db;
    const month = await arrangeMonth(db, 2);
    const [a, b] = month.billed as [string, string];
    // As migration 0023 leaves a database billed by claims: every delivery before November claimed by
    // its ad's invoices of September and October, but one of ad A's, committed after October was
    // billed; A's October invoice starts at it and held its claimed October delivery, B's has no stretch.
    await db.execute(sql`delete from invoices`);
    const viewers = (
      await queryRows<{ id: string }>(db, sql`select id from users where id like 'viewer-%' limit 1`)
    )[0]!.id;
    await db.execute(sql`delete from ad_deliveries where ad_id not in (${a}::uuid, ${b}::uuid)`);
    await db.execute(sql`delete from ad_deliveries where delivered_at < '2026-11-01T00:00:00+09:00'`);
    const viewer = (n: number) => `${viewers.replace(/-\d+$/, '')}-${n}`;
    const legacy = async (ad: string, period: string, at: string, by: number, stretchFrom?: string) => {
      const [invoice] = await queryRows<{ id: string }>(
        db,
        sql`insert into invoices (ad_id, advertiser_id, period, deliveries, subtotal, tax, total, status, billed_from,
                                  billed_until, stretch_deliveries, stretch_subtotal)
            select ${ad}::uuid, a.advertiser_id, ${period}, 1, a.unit_price, 0, 0, 'charged', ${stretchFrom ?? null}::timestamptz,
                   (to_date(${period}, 'YYYYMM') + interval '1 month')::timestamp at time zone 'Asia/Tokyo',
                   ${stretchFrom ? 1 : null}::int, ${stretchFrom ? 0 : null}::int
            from ads a where a.id = ${ad}::uuid
            returning id`,
      );
      await db.execute(sql`insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at, invoice_id)
                           select ${ad}::uuid, ${viewer(by)}, a.unit_price, ${at}::timestamptz, ${invoice!.id}::uuid
                           from ads a where a.id = ${ad}::uuid`);
    };
    await legacy(a, '202609', '2026-09-10T12:00:00+09:00', 91);
    await legacy(a, '202610', '2026-10-10T12:00:00+09:00', 92, '2026-09-30T23:59:00+09:00');
    await db.execute(sql`insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at)
                         select ${a}::uuid, ${viewer(93)}, a.unit_price, '2026-09-30T23:59:00+09:00'
                         from ads a where a.id = ${a}::uuid`);
    await legacy(b, '202609', '2026-09-20T12:00:00+09:00', 94);
    await db.execute(sql`insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at)
                         select ${b}::uuid, ${viewer(95)}, a.unit_price, '2026-10-15T12:00:00+09:00'
                         from ads a where a.id = ${b}::uuid`);

    const december = jst('2026-12-05T04:00:00');
    const first = await createMonthlyInvoices({ db, now: december, issuer: ISSUER });
    expect(first.created).toHaveLength(2);
    expect(await createMonthlyInvoices({ db, now: december, issuer: ISSUER })).toMatchObject({ created: [] });
    const novembers = await queryRows<{
      ad_id: string;
      deliveries: number;
      stretch_deliveries: number;
      billed_from: string;
    }>(
      db,
      sql`select ad_id, deliveries, stretch_deliveries, billed_from::text from invoices where period = '202611' order by ad_id`,
    );
    const novemberOf = async (ad: string) =>
      Number(
        (
          await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from ad_deliveries where ad_id = ${ad}::uuid
                and delivered_at >= '2026-11-01T00:00:00+09:00' and delivered_at < '2026-12-01T00:00:00+09:00'`,
          )
        )[0]!.n,
      );
    // A: November, and the late September delivery. B: October and November (its last invoice is September's).
    expect(novembers).toEqual([
      {
        ad_id: a,
        deliveries: (await novemberOf(a)) + 1,
        stretch_deliveries: await novemberOf(a),
        billed_from: expect.any(String),
      },
      {
        ad_id: b,
        deliveries: (await novemberOf(b)) + 1,
        stretch_deliveries: (await novemberOf(b)) + 1,
        billed_from: expect.any(String),
      },
    ]);
    expect(novembers.map((row) => new Date(row.billed_from))).toEqual([
      jst('2026-11-01T00:00:00'),
      jst('2026-10-01T00:00:00'),
    ]);
  });
});

describe.each(postgresKinds())(
  'monthly billing at once on two instances, with a crash or for two months (%s)',
  (kind) => {
    const two = useTwoInstances(kind, { poolSize: 20, each: true });

    it('bills each of 60 ads once when 16 runs in small batches start at once on two instances', async () => {
      const db = two.database.db;
      const month = await arrangeMonth(db, 60);
      const runs = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          run(i % 2 === 0 ? db : two.second.db, { batchSize: 3 + (i % 5) }),
        ),
      );
      expect(runs.reduce((sum, result) => sum + result.invoices, 0)).toBe(60);
      await expectBilledExactlyOnce(db, month);
    });

    it('finishes once after a run whose connection died inside a batch, with two runs at once', async () => {
      const db = two.database.db;
      const month = await arrangeMonth(db, 60);
      // The 31st ad's amounts sleep, so the run is caught inside its batch (the eighth of four ads each).
      const dropTrigger = await triggerOnInvoiceAmounts(db, month.billed[30]!, 'perform pg_sleep(30)');
      const crashed = createMonthlyInvoices({
        db: two.second.db,
        now: NOVEMBER_RUN,
        issuer: ISSUER,
        batchSize: 4,
        concurrency: 1,
      }).then(
        () => 'finished',
        () => 'crashed',
      );
      const sleeping = async () =>
        (
          await queryRows<{ pid: number }>(
            db,
            sql`select pid from pg_stat_activity where wait_event = 'PgSleep' and datname = current_database()`,
          )
        )[0]?.pid;
      let pid: number | undefined;
      for (let i = 0; i < 200 && pid === undefined; i++) {
        pid = await sleeping();
        if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(pid).toBeDefined();
      expect((await octoberInvoices(db)).map((invoice) => invoice.ad_id)).toEqual(month.billed.slice(0, 28));
      // The crash: the connection dies in the middle of the batch's transaction.
      await db.execute(sql`select pg_terminate_backend(${pid})`);
      expect(await crashed).toBe('crashed');
      await dropTrigger();

      const runs = await Promise.all([run(db), run(two.second.db, { batchSize: 7 })]);
      expect(runs[0].invoices + runs[1].invoices).toBe(60 - 28);
      await expectBilledExactlyOnce(db, month);
    });

    it('never bills one stretch twice when instances whose clocks disagree bill October and November together', async () => {
      const db = two.database.db;
      const month = await arrangeMonth(db, 30);
      const runs = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          run(i % 2 === 0 ? db : two.second.db, {
            now: i % 3 === 0 ? jst('2026-12-05T04:00:00') : NOVEMBER_RUN,
            batchSize: 2 + (i % 4),
          }),
        ),
      );
      expect(runs.reduce((sum, result) => sum + result.invoices, 0)).toBeGreaterThanOrEqual(30);
      // Each ad's invoices follow one another without a gap or an overlap: no delivery billed twice. A
      // November run that met an October invoice being written left its ad out (the key on billed_from),
      // so some of November may be left for the next run.
      const billing = () =>
        queryRows<{
          ad_id: string;
          delivered: number;
          billed: number;
          delivered_sum: number;
          billed_sum: number;
          breaks: number;
        }>(
          db,
          sql`select a.id as ad_id,
                 (select count(*) from ad_deliveries d where d.ad_id = a.id and d.delivered_at < '2026-12-01T00:00:00+09:00')::int as delivered,
                 (select coalesce(sum(i.deliveries), 0) from invoices i where i.ad_id = a.id)::int as billed,
                 (select coalesce(sum(d.unit_price), 0) from ad_deliveries d where d.ad_id = a.id and d.delivered_at < '2026-12-01T00:00:00+09:00')::int as delivered_sum,
                 (select coalesce(sum(i.subtotal), 0) from invoices i where i.ad_id = a.id)::int as billed_sum,
                 (select count(*) from (
                    select billed_from, lag(billed_until) over (order by billed_from) as previous_until
                    from invoices i where i.ad_id = a.id) c
                  where c.previous_until is not null and c.previous_until <> c.billed_from)::int as breaks
          from ads a where a.id in (${sql.join(
            month.billed.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) order by a.id`,
        );
      const afterRace = await billing();
      expect(afterRace).toHaveLength(30);
      for (const row of afterRace) {
        expect(row.breaks).toBe(0);
        expect(row.billed).toBeLessThanOrEqual(row.delivered);
        expect(row.billed_sum).toBeLessThanOrEqual(row.delivered_sum);
      }
      // The next run bills what was left: every delivery before December once.
      await run(two.second.db, { now: jst('2026-12-05T04:00:00') });
      for (const row of await billing()) {
        expect({ billed: row.billed, billed_sum: row.billed_sum, breaks: row.breaks }).toEqual({
          billed: row.delivered,
          billed_sum: row.delivered_sum,
          breaks: 0,
        });
      }
      // Run again on both clocks: nothing left.
      expect(
        (await run(db)).invoices + (await run(two.second.db, { now: jst('2026-12-05T04:00:00') })).invoices,
      ).toBe(0);
    });
  },
);
