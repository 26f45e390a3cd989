import { addDays, japanDayStart, japanIsoDate, type LedgerReason } from '@quiz-points/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database, Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import {
  adDeliveries,
  giftRequests,
  pageViews,
  pointTransactions,
  quizResponses,
  siteDayFigures,
  users,
  withdrawnBalances,
} from '../../db/schema.ts';
import { createCapturedMailer } from '../../services/mail/captured-mailer.ts';
import { createAd } from '../../test/factories.ts';
import { siteFiguresFromRawRows } from '../../test/site-figures-from-raw-rows.ts';
import { databaseKinds, postgresKinds, useTestDatabase, useTwoInstances } from '../../test/test-database.ts';
import { withdrawAccount } from '../accounts/withdraw-account.ts';
import { settleGiftRequest } from '../gifts/settle-gift-request.ts';
import { getDashboard } from './get-dashboard.ts';
import { rollUpSiteFigures } from './roll-up-site-figures.ts';
import {
  activeMembersQuery,
  dayInstants,
  pageViewsByPathQuery,
  siteFiguresQuery,
} from './site-day-figures-sql.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const silentLog = { info() {}, warn() {}, error() {} };

/** Raw rows written straight to the tables with the times of a story, as the product writes them. */
function rawRows(db: Executor) {
  return {
    async member(id: string, signupAt: Date | null) {
      await db
        .insert(users)
        .values({ id, email: `${id}@example.com`, emailHash: `hash-${id}`, signupCompletedAt: signupAt });
    },
    /** A ledger row and its balance together, as qp_apply_point_change keeps them. */
    async ledger(userId: string, points: number, reason: LedgerReason, ref: string, at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .insert(pointTransactions)
          .values({ userId, points, reason, ref, memo: 'テスト', createdAt: at });
        await tx
          .update(users)
          .set({ points: sql`${users.points} + ${points}` })
          .where(eq(users.id, userId));
      });
    },
    async click(adId: string, userId: string, unitPrice: number, at: Date) {
      await db
        .insert(quizResponses)
        .values({ userId, emailHash: `hash-${userId}`, adId, clickedAt: at, createdAt: at });
      await db.insert(adDeliveries).values({ adId, userId, unitPrice, deliveredAt: at });
    },
    async answer(adId: string, userId: string, at: Date) {
      await db
        .update(quizResponses)
        .set({ answeredAt: at, selectedOption: 2, isCorrect: true, rewardGiven: true, pointsAwarded: 20 })
        .where(sql`${quizResponses.adId} = ${adId} and ${quizResponses.userId} = ${userId}`);
    },
    /** A gift request and its debit; issued at `settledAt` when given. */
    async gift(userId: string, points: number, createdAt: Date, settledAt: Date | null) {
      const [request] = await db
        .insert(giftRequests)
        .values({
          userId,
          giftType: 'amazon',
          pointsUsed: points,
          createdAt,
          ...(settledAt ? { status: 'issued' as const, settledAt, settledBy: 'admin' } : {}),
        })
        .returning();
      await this.ledger(userId, -points, 'gift_request', request!.id, createdAt);
      return request!;
    },
    async view(path: string, userId: string | null, at: Date) {
      await db.insert(pageViews).values({ path, userId, viewedAt: at });
    },
  };
}

/** The dashboard at `now` equals the raw rows recomputed in JavaScript, every day and figure. */
async function expectAgreement(db: Database, now: Date, days = 7) {
  const view = await getDashboard({ db, days, now });
  const { waitingGifts: _, ...figures } = view;
  expect(figures).toEqual(
    await siteFiguresFromRawRows(
      db,
      view.signups.map((point) => point.day),
    ),
  );
  return view;
}

/** Every rolled-up day still equals the one definition run over the raw rows now. */
async function expectRolledDaysUnchanged(db: Executor) {
  const rolled = await queryRows<Record<string, string | number>>(
    db,
    sql`select day::text as day, signups, active_members, points_issued::text as points_issued,
      points_redeemed::text as points_redeemed, deliveries, revenue::text as revenue, page_views,
      ledger_net::text as ledger_net from site_day_figures order by day`,
  );
  expect(rolled.length).toBeGreaterThan(0);
  const from = String(rolled[0]!.day);
  const to = String(rolled.at(-1)!.day);
  const recomputed = await queryRows<Record<string, string | number>>(
    db,
    sql`select day::text as day, signups::int, active_members::int, points_issued::text, points_redeemed::text,
      deliveries::int, revenue::text, page_views::int, ledger_net::text
      from (${siteFiguresQuery(dayInstants(from, to))}) f order by day`,
  );
  expect(rolled).toEqual(recomputed);
  const pathsRolled = await queryRows(
    db,
    sql`select day::text as day, path, views, rank from site_day_page_views order by day, path`,
  );
  const pathsNow = await queryRows(
    db,
    sql`select day::text as day, path, views::int,
      (row_number() over (partition by day order by views desc, path))::int as rank
      from (${pageViewsByPathQuery(dayInstants(from, to))}) p order by day, path`,
  );
  expect(pathsRolled).toEqual(pathsNow);
}

/**
 * The open days' figures equal the one definition over their raw rows from the first open day up to
 * their mark, and their list of active people is exactly who was active then.
 */
async function expectOpenDaysExact(db: Executor) {
  const [state] = await queryRows<{ through: string; mark: Date | string }>(
    db,
    sql`select (select through_day::text from figure_rollups where name = 'site-figures') as through,
      (select max(through_at) from site_open_day_figures) as mark`,
  );
  expect(state?.mark, 'the open days have a mark').toBeTruthy();
  const range = { from: japanDayStart(addDays(state!.through, 1)), to: new Date(state!.mark) };
  const columns = sql.raw(`day::text as day, signups::int, active_members::int, points_issued::text,
    points_redeemed::text, deliveries::int, revenue::text, page_views::int, ledger_net::text`);
  expect(await queryRows(db, sql`select ${columns} from site_open_day_figures order by day`)).toEqual(
    await queryRows(db, sql`select ${columns} from (${siteFiguresQuery(range)}) f order by day`),
  );
  expect(
    await queryRows(
      db,
      sql`select day::text as day, user_id from site_open_day_members order by day, user_id`,
    ),
  ).toEqual(
    await queryRows(
      db,
      sql`select day::text as day, user_id from (${activeMembersQuery(range)}) a order by day, user_id`,
    ),
  );
  expect(
    await queryRows(
      db,
      sql`select day::text as day, path, views from site_open_day_page_views order by day, path`,
    ),
  ).toEqual(
    await queryRows(
      db,
      sql`select day::text as day, path, views::int from (${pageViewsByPathQuery(range)}) p order by day, path`,
    ),
  );
}

const values = (points: { value: number }[]) => points.map((point) => point.value);
const daysOf = (run: { days: string[] }) => run.days;

describe.each(databaseKinds())('the operator figures on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('equal the raw rows every day, rolled up or live, across a Japan-time midnight', async () => {
    const db = database.db;
    const rows = rawRows(db);
    // A story four days ago, around the Japan-time midnight that starts d2.
    const d2 = addDays(japanIsoDate(new Date()), -4);
    const [d0, d1] = [addDays(d2, -2), addDays(d2, -1)];
    const midnight = japanDayStart(d2).getTime();
    const at = (offset: number) => new Date(midnight + offset);
    const [ad1, ad2] = [await createAd(db), await createAd(db)];
    await db.insert(users).values({ id: 'admin', email: 'admin@example.com', emailHash: 'hash-admin' });

    // Each step is a burst: its rows are written at once.
    await Promise.all([
      rows.member('a', at(-34 * HOUR)),
      rows.member('w', at(-33 * HOUR)),
      rows.member('b', at(-1)),
      rows.member('c', at(0)),
      rows.member('d', at(1)),
      rows.member('e', null),
      rows.member('f', null),
    ]);
    await Promise.all([
      rows.ledger('a', 100, 'signup_bonus', 'signup', at(-34 * HOUR)),
      rows.ledger('b', 1000, 'admin_adjustment', 'grant', at(-30 * HOUR)),
      rows.ledger('w', 500, 'admin_adjustment', 'grant', at(-30 * HOUR)),
      rows.view('/howto', null, at(-40 * HOUR)),
      // Clicked before midnight, answered after it: active on both days.
      rows.click(ad1.id, 'a', 40, at(-30 * SECOND)),
      rows.click(ad1.id, 'b', 40, at(-10 * MINUTE)),
      rows.click(ad2.id, 'c', 55, at(0)),
      rows.click(ad2.id, 'f', 55, at(-20 * MINUTE)),
      rows.view('/', null, at(-1)),
      rows.view('/gift', 'b', at(-5 * MINUTE)),
      rows.view('/', 'a', at(0)),
      rows.view('/gift', null, at(1)),
      rows.view('/gift', null, at(5 * SECOND)),
      rows.ledger('c', 5, 'gacha', d2, at(2 * SECOND)),
    ]);
    const [, , pendingOfW] = await Promise.all([
      rows.gift('a', 50, at(-2 * HOUR), at(-1)),
      rows.gift('b', 500, at(-1 * HOUR), at(10 * SECOND)),
      rows.gift('w', 300, at(-3 * HOUR), null),
      rows.answer(ad1.id, 'a', at(30 * SECOND)),
      rows.ledger('a', 20, 'ad_quiz', ad1.id, at(30 * SECOND)),
    ]);

    // Nothing rolled up yet: every day is live.
    await expectAgreement(db, at(5 * MINUTE));
    // 5 minutes after midnight d1 is not closed yet (the closing margin); d0 is.
    // The open day d1 is then read up to its mark (10 minutes before) from site_open_day_*.
    expect(daysOf(await rollUpSiteFigures({ db, now: at(5 * MINUTE) }))).toEqual([d0]);
    await expectOpenDaysExact(db);
    await expectAgreement(db, at(5 * MINUTE));
    expect(daysOf(await rollUpSiteFigures({ db, now: at(11 * MINUTE) }))).toEqual([d1]);
    expect(await rollUpSiteFigures({ db, now: at(11 * MINUTE) })).toEqual({
      days: [],
      openThrough: at(MINUTE),
    });
    await expectOpenDaysExact(db);
    const early = await expectAgreement(db, at(11 * MINUTE));
    expect(early.liability).toEqual({ balances: 70 + 500 + 5 + 200, pendingRequests: 300 });

    // Later on d2: b and f answer the ads they clicked on d1 (a click is f's only activity on d1,
    // which d1 keeps), e signs up, w withdraws and the request w left pending is rejected, refunding
    // a withdrawn account.
    await Promise.all([
      rows.answer(ad2.id, 'f', at(4 * HOUR)),
      rows.ledger('f', 20, 'ad_quiz', ad2.id, at(4 * HOUR)),
      rows.answer(ad1.id, 'b', at(2 * HOUR)),
      rows.ledger('b', 20, 'ad_quiz', ad1.id, at(2 * HOUR)),
      db
        .update(users)
        .set({ signupCompletedAt: at(3 * HOUR) })
        .where(eq(users.id, 'e')),
      rows.view('/gift', 'e', at(3 * HOUR)),
      // a and c, already counted on d2 before the mark, are not counted twice: c before the job's
      // next mark, a after it.
      rows.view('/howto', 'c', at(4 * HOUR + 30 * MINUTE)),
      rows.view('/', 'a', at(6 * HOUR)),
      withdrawAccount({ db, userId: 'w', sessionStartedAt: at(5 * HOUR), now: at(5 * HOUR) }),
    ]);
    await settleGiftRequest({
      db,
      mailer: createCapturedMailer(db),
      log: silentLog,
      requestId: pendingOfW.id,
      adminId: 'admin',
      settlement: { kind: 'reject', reason: 'テスト' },
    });
    expect(await db.select().from(withdrawnBalances)).toEqual([{ userId: 'w', points: 300 }]);
    await expectRolledDaysUnchanged(db);

    const view = await expectAgreement(db, at(12 * HOUR));
    // d-4 … d0, d1, d2: the story's own numbers, so the agreement is not between two empty answers.
    expect(view.signups.map((point) => point.day).slice(-3)).toEqual([d0, d1, d2]);
    expect(values(view.signups).slice(-3)).toEqual([2, 1, 3]);
    expect(values(view.activeUsers).slice(-3)).toEqual([3, 4, 5]);
    expect(values(view.pointsIssued).slice(-3)).toEqual([1600, 0, 65]);
    expect(values(view.pointsRedeemed).slice(-3)).toEqual([0, 50, 500]);
    expect(values(view.deliveries).slice(-3)).toEqual([0, 3, 1]);
    expect(values(view.revenue).slice(-3)).toEqual([0, 135, 55]);
    expect(values(view.pageViews).slice(-3)).toEqual([1, 2, 6]);
    expect(view.pageViewsByPath).toEqual([
      { path: '/gift', views: 4 },
      { path: '/', views: 3 },
      { path: '/howto', views: 2 },
    ]);
    // a 70, b 520, c 5, f 20; w's refund is a withdrawn account's.
    expect(view.liability).toEqual({ balances: 615, pendingRequests: 0 });

    // The job moves the open day on later that day, then closes it after midnight.
    expect(daysOf(await rollUpSiteFigures({ db, now: at(5 * HOUR + 30 * MINUTE) }))).toEqual([]);
    await expectOpenDaysExact(db);
    await expectAgreement(db, at(12 * HOUR));
    expect(daysOf(await rollUpSiteFigures({ db, now: at(24 * HOUR + 11 * MINUTE) }))).toEqual([d2]);
    await expectOpenDaysExact(db);
    await expectAgreement(db, at(24 * HOUR + 11 * MINUTE));
    // Today (the withdrawal's forfeit and the refund were written now) live, the rest rolled up.
    await rollUpSiteFigures({ db, now: new Date() });
    await expectAgreement(db, new Date(), 30);
    await expectRolledDaysUnchanged(db);
    const days = await db
      .select({ day: siteDayFigures.day })
      .from(siteDayFigures)
      .orderBy(siteDayFigures.day);
    expect(days[0]?.day).toBe(d0);
  });
});

describe.each(postgresKinds())('the site figures rollup on two instances (%s)', (kind) => {
  const two = useTwoInstances(kind);

  it('writes each closed day once, and moves the open day on once, when 12 runs start at once', async () => {
    const db = two.database.db;
    const rows = rawRows(db);
    const today = japanIsoDate(new Date());
    const ad = await createAd(db);
    const ids = Array.from({ length: 40 }, (_, i) => `p${i}`);
    // Forty people, each active on one of the last ten days, an hour or so either side of midnight.
    await Promise.all(
      ids.map((id, i) =>
        rows.member(id, new Date(japanDayStart(addDays(today, -(i % 10))).getTime() + (i - 20) * MINUTE)),
      ),
    );
    await Promise.all(
      ids.flatMap((id, i) => {
        const when = new Date(japanDayStart(addDays(today, -(i % 10))).getTime() + (i - 20) * MINUTE);
        return [
          rows.ledger(id, 10 + i, 'gacha', String(i), when),
          rows.click(ad.id, id, 30 + i, when),
          rows.view(`/page-${i % 3}`, i % 2 ? id : null, when),
        ];
      }),
    );

    const handles = [two.database, two.second];
    const runs = await Promise.all(
      Array.from({ length: 12 }, (_, i) => rollUpSiteFigures({ db: handles[i % 2]!.db, now: new Date() })),
    );
    const written = runs.flatMap((run) => run.days).sort();
    expect(new Set(written).size).toBe(written.length);
    const [table] = await queryRows<{ count: number; first: string; last: string }>(
      db,
      sql`select count(*)::int as count, min(day)::text as first, max(day)::text as last from site_day_figures`,
    );
    expect(written).toEqual(Array.from({ length: table!.count }, (_, i) => addDays(table!.first, i)));
    expect(table!.last < today).toBe(true);
    await expectRolledDaysUnchanged(db);
    // Today, open, was moved on by one run at a time, so nobody is counted twice.
    await expectOpenDaysExact(db);
    await expectAgreement(db, new Date(), 14);
  });
});
