import {
  type AdReport,
  type AdvertiserDashboard,
  addDays,
  type BillingOverview,
  consumptionTax,
  dashboardDays,
  dashboardMessages,
  japanIsoDate,
} from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { adDeliveries, ads, invoices, quizResponses, users } from '../db/schema.ts';
import { windowInstants } from '../domain/advertisers/ad-window.ts';
import { createMonthlyInvoices } from '../domain/billing/create-monthly-invoices.ts';
import { rollUpAdFigures } from '../domain/figures/roll-up-ad-figures.ts';
import { dayRangeRefusals } from '../test/day-range-refusals.ts';
import { createAd } from '../test/factories.ts';
import type { ErrorReply, TestHttpClient } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { type TestAppHandle, useTestApp } from '../test/use-test-app.ts';

let people = 0;
/**
 * A delivery of the ad to a new person at `at`, at its price, and their response: answered `after`
 * seconds later (rightly or not), or never.
 */
async function clickThrough(
  db: Database,
  ad: { id: string; unitPrice: number },
  at: string | Date,
  answer?: { after: number; correct: boolean },
) {
  const id = `dashboard-person-${++people}`;
  await db.insert(users).values({ id, email: `${id}@example.com`, emailHash: id });
  const clickedAt = new Date(at);
  await db
    .insert(adDeliveries)
    .values({ adId: ad.id, userId: id, unitPrice: ad.unitPrice, deliveredAt: clickedAt });
  await db.insert(quizResponses).values({
    userId: id,
    emailHash: id,
    adId: ad.id,
    clickedAt,
    answeredAt: answer ? new Date(clickedAt.getTime() + answer.after * 1000) : null,
    selectedOption: answer ? (answer.correct ? 2 : 1) : null,
    isCorrect: answer?.correct ?? null,
    rewardGiven: answer !== undefined,
  });
}

const dashboardOf = (client: TestHttpClient, query = '') =>
  client.json<AdvertiserDashboard>('GET', `/api/advertiser/dashboard${query}`);

/** Each ad's own report over the range, as the report page reads it. */
async function reportsOf(client: TestHttpClient, adIds: string[], from: string, to: string) {
  const reports: AdReport[] = [];
  for (const adId of adIds) {
    const { status, body } = await client.json<AdReport>(
      'GET',
      `/api/advertiser/ads/${adId}/report?from=${from}&to=${to}`,
    );
    expect(status).toBe(200);
    reports.push(body);
  }
  return reports;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The dashboard's figures are the sums of the ads' reports: totals, each day, each ad's row. */
function expectSumOfReports(dashboard: AdvertiserDashboard, reports: AdReport[]) {
  const of = (pick: (report: AdReport) => number) => sum(reports.map(pick));
  const deliveries = of((r) => r.deliveries);
  const answers = of((r) => r.answers);
  const amount = of((r) => r.spend.amount);
  expect(dashboard.totals).toEqual({
    deliveries,
    answers,
    correct: of((r) => r.correct),
    correctRate: answers === 0 ? null : of((r) => r.correct) / answers,
    spend: { amount, tax: of((r) => r.spend.tax), total: of((r) => r.spend.total) },
    costPerAnswer: answers === 0 ? null : amount / answers,
  });
  expect(dashboard.days).toEqual(
    reports[0]!.days.map((day, i) => ({
      date: day.date,
      deliveries: of((r) => r.days[i]!.deliveries),
      answers: of((r) => r.days[i]!.answers),
      correct: of((r) => r.days[i]!.correct),
      spend: of((r) => r.days[i]!.spend),
    })),
  );
  for (const report of reports) {
    const row = dashboard.ads.find((ad) => ad.adId === report.adId);
    expect(row, report.adTitle).toMatchObject({
      deliveries: report.deliveries,
      answers: report.answers,
      correct: report.correct,
      correctRate: report.correctRate,
      spend: report.spend,
    });
  }
}

/** Three ads of one advertiser with clicks around 2026-11-01 to 2026-11-03 (Japan time), and a stranger's. */
async function accountWithClicks(t: TestAppHandle) {
  const advertiser = await t.as.advertiser();
  const db = t.database.db;
  const [coffee, tea, juice] = await Promise.all(
    [35, 45, 25].map((unitPrice) => createAd(db, { advertiserId: advertiser.uid, unitPrice })),
  );
  // Outside the range by its click (23:59:59 on 31 October), inside by its answer.
  await clickThrough(db, coffee!, '2026-10-31T14:59:59Z', { after: 500, correct: true });
  await clickThrough(db, coffee!, '2026-10-31T15:00:00Z', { after: 40, correct: true });
  // Clicked on the 1st, answered on the 2nd.
  await clickThrough(db, coffee!, '2026-11-01T14:59:59Z', { after: 50, correct: false });
  await clickThrough(db, coffee!, '2026-11-02T15:30:00Z');
  // 4 November 00:00: after the range.
  await clickThrough(db, coffee!, '2026-11-03T15:00:00Z', { after: 30, correct: true });
  await clickThrough(db, tea!, '2026-11-01T03:00:00Z');
  await clickThrough(db, tea!, '2026-11-02T03:00:00Z', { after: 45, correct: true });
  await clickThrough(db, juice!, '2026-11-03T01:00:00Z', { after: 35, correct: false });
  // Someone else's ad, on the same days, is never counted.
  const stranger = await t.as.advertiser();
  const theirs = await createAd(db, { advertiserId: stranger.uid, unitPrice: 100 });
  await clickThrough(db, theirs, '2026-11-02T03:00:00Z', { after: 40, correct: true });
  return { advertiser, adIds: [coffee!.id, tea!.id, juice!.id] };
}

describe.each(databaseKinds())('the advertiser dashboard on %s', (kind) => {
  const t = useTestApp(kind);

  it('totals the ads’ own reports over a range, the tax rounded per ad as reports and invoices do', async () => {
    const { advertiser, adIds } = await accountWithClicks(t);
    const { status, body } = await dashboardOf(advertiser.client, '?from=2026-11-01&to=2026-11-03');
    expect(status).toBe(200);
    expect(body).toMatchObject({ range: 'custom', from: '2026-11-01', to: '2026-11-03' });
    expectSumOfReports(body, await reportsOf(advertiser.client, adIds, '2026-11-01', '2026-11-03'));
    // 105 + 90 + 25 yen: each ad's tax rounded half up (11 + 9 + 3), not the account's 220 at once (22).
    expect(body.totals).toMatchObject({ deliveries: 6, answers: 5, correct: 3 });
    expect(body.totals.spend).toEqual({ amount: 220, tax: 23, total: 243 });
    expect(body.totals.spend.tax).not.toBe(consumptionTax(220));
    expect(body.totals.costPerAnswer).toBe(44);
    expect(body.days.map((day) => [day.date, day.deliveries, day.answers])).toEqual([
      ['2026-11-01', 3, 2],
      ['2026-11-02', 1, 2],
      ['2026-11-03', 2, 1],
    ]);
    // Most spend first.
    expect(body.ads.map((ad) => ad.adId)).toEqual(adIds);
  });

  it('names ranges in Japan time, keeps to the default, and refuses a range it cannot read', async () => {
    const advertiser = await t.as.advertiser();
    const today = japanIsoDate(new Date());
    const named = [
      ['today', today, today],
      ['7days', addDays(today, -6), today],
      ['this-month', `${today.slice(0, 7)}-01`, today],
    ] as const;
    for (const [range, from, to] of named) {
      const { body } = await dashboardOf(advertiser.client, `?range=${range}`);
      expect(body, range).toMatchObject({ range, from, to, today });
      expect(body.days.at(-1)?.date).toBe(to);
    }
    const lastMonth = await dashboardOf(advertiser.client, '?range=last-month');
    expect(lastMonth.body).toMatchObject({ range: 'last-month', ...dashboardDays('last-month', new Date()) });
    expect(lastMonth.body.from.slice(8)).toBe('01');
    expect(addDays(lastMonth.body.to, 1)).toBe(`${today.slice(0, 7)}-01`);
    const byDefault = await dashboardOf(advertiser.client);
    expect(byDefault.body).toMatchObject({ range: '7days', from: addDays(today, -6), to: today });
    expect(byDefault.body.days).toHaveLength(7);

    const refused = [
      ['range=yesterday', dashboardMessages.rangeInvalid],
      ['range=today&from=2026-11-01&to=2026-11-02', dashboardMessages.rangeOrDays],
      ...dayRangeRefusals,
    ];
    for (const [query, message] of refused) {
      const answer = await advertiser.client.json<ErrorReply>('GET', `/api/advertiser/dashboard?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.message, query).toBe(message);
    }
  });

  it('spends this month what the billing page says, and a past month what its invoices bill', async () => {
    const advertiser = await t.as.advertiser();
    const db = t.database.db;
    const [first, second] = await Promise.all(
      [33, 47].map((unitPrice) => createAd(db, { advertiserId: advertiser.uid, unitPrice })),
    );
    const justNow = new Date(Date.now() - 60_000);
    for (let i = 0; i < 3; i++) await clickThrough(db, first!, justNow);
    await clickThrough(db, second!, justNow);
    const thisMonth = (await dashboardOf(advertiser.client, '?range=this-month')).body;
    const billing = await advertiser.client.json<BillingOverview>('GET', '/api/advertiser/billing');
    const { subtotal, tax, total, deliveries } = billing.body.spend;
    expect(thisMonth.totals.spend).toEqual({ amount: subtotal, tax, total });
    expect(thisMonth.totals.deliveries).toBe(deliveries);
    expect(thisMonth.totals.spend).toEqual({ amount: 146, tax: 15, total: 161 });

    // October 2026, invoiced on 5 November: each ad's invoice is its row for the month.
    for (let i = 0; i < 2; i++) await clickThrough(db, first!, `2026-10-1${i}T03:00:00Z`);
    await clickThrough(db, second!, '2026-10-31T14:00:00Z');
    await createMonthlyInvoices({
      db,
      now: new Date('2026-11-05T00:00:00Z'),
      issuer: { name: '株式会社クイズポイント', registrationNumber: 'T0000000000000' },
    });
    const billed = await db.select().from(invoices).where(eq(invoices.advertiserId, advertiser.uid));
    const october = (await dashboardOf(advertiser.client, '?from=2026-10-01&to=2026-10-31')).body;
    expect(billed).toHaveLength(2);
    for (const invoice of billed) {
      const row = october.ads.find((ad) => ad.adId === invoice.adId);
      expect(row?.deliveries).toBe(invoice.deliveries);
      expect(row?.spend).toEqual({ amount: invoice.subtotal, tax: invoice.tax, total: invoice.total });
    }
    expect(october.totals.spend.total).toBe(sum(billed.map((invoice) => invoice.total)));
  });

  it('paces each approved ad and raises what needs the advertiser, each about its ad', async () => {
    const advertiser = await t.as.advertiser();
    const db = t.database.db;
    const today = japanIsoDate(new Date());
    const justNow = new Date(Date.now() - 60_000);
    const own = (values: Parameters<typeof createAd>[1]) =>
      createAd(db, { advertiserId: advertiser.uid, unitPrice: 30, ...values });
    const near = await own({ adTitle: 'もうすぐ上限', maxDeliveries: 10 });
    for (let i = 0; i < 8; i++) await clickThrough(db, near, justNow);
    const full = await own({ adTitle: '上限に到達', maxDeliveries: 5 });
    for (let i = 0; i < 5; i++) await clickThrough(db, full, justNow);
    await db.update(ads).set({ isActive: false }).where(eq(ads.id, full.id));
    const ending = await own({
      adTitle: 'まもなく期間終了',
      ...windowInstants({ endDate: addDays(today, 1) }),
    });
    // Today's 3 of a budget of 3 delivered: done for today, its pace bounded by the budget.
    const budgeted = await own({ adTitle: '本日分に到達', maxDeliveries: 100, dailyBudget: 3 });
    for (let i = 0; i < 3; i++) await clickThrough(db, budgeted, justNow);
    await db.update(ads).set({ dailyBudgetReachedOn: today }).where(eq(ads.id, budgeted.id));
    const calm = await own({ adTitle: '余裕あり', maxDeliveries: 1000 });
    await clickThrough(db, calm, justNow);
    const rejected = await own({ adTitle: '却下された広告', status: 'rejected', isActive: false });
    await own({ status: 'pending', isActive: false });
    await own({ status: 'pending', isActive: false });
    await own({ status: 'draft', isActive: false });
    await db.insert(invoices).values({
      adId: calm.id,
      advertiserId: advertiser.uid,
      period: '202610',
      deliveries: 11,
      unitPrice: 30,
      subtotal: 330,
      tax: 33,
      total: 363,
      status: 'failed',
    });

    const { body } = await dashboardOf(advertiser.client, '?range=today');
    const ref = (ad: { id: string; adTitle: string }) => ({ adId: ad.id, adTitle: ad.adTitle });
    expect(body.alerts).toEqual([
      { kind: 'paymentFailed', invoices: 1, total: 363 },
      { kind: 'rejected', ...ref(rejected) },
      { kind: 'atCap', ...ref(full), delivered: 5, maxDeliveries: 5 },
      { kind: 'nearCap', ...ref(near), delivered: 8, maxDeliveries: 10 },
      { kind: 'dailyBudgetReached', ...ref(budgeted), dailyBudget: 3 },
      { kind: 'windowEnding', ...ref(ending), endDate: addDays(today, 1), daysLeft: 2 },
      { kind: 'inReview', ads: 2 },
    ]);
    const rowOf = (adId: string) => body.ads.find((ad) => ad.adId === adId);
    // 8 today, its first day: 8 a day, the last 2 today.
    expect(rowOf(near.id)?.pacing).toEqual({
      delivered: 8,
      maxDeliveries: 10,
      deliveredToday: 8,
      dailyBudget: null,
      daysLeft: null,
      perDay: 8,
      projectedEnd: { date: today, by: 'cap' },
    });
    expect(rowOf(full.id)?.pacing).toMatchObject({ delivered: 5, projectedEnd: null });
    // Nothing delivered yet: it runs until its window ends.
    expect(rowOf(ending.id)?.pacing).toMatchObject({
      perDay: null,
      daysLeft: 2,
      projectedEnd: { date: addDays(today, 1), by: 'window' },
    });
    expect(rowOf(budgeted.id)).toMatchObject({ dailyBudget: 3, dailyBudgetReachedOn: today });
    expect(rowOf(budgeted.id)?.pacing).toMatchObject({
      delivered: 3,
      deliveredToday: 3,
      dailyBudget: 3,
      perDay: 3,
      projectedEnd: { date: addDays(today, 32), by: 'cap' },
    });
    expect(rowOf(calm.id)?.pacing?.projectedEnd).toEqual({ date: addDays(today, 998), by: 'cap' });
    // Pending and rejected ads have no figures and no pacing; drafts are never listed.
    expect(body.ads).toHaveLength(5);
    expect(body.totals.deliveries).toBe(17);

    // The admin's house ads are never billed: no payment alert, whatever others owe.
    const admin = await dashboardOf(await t.as.admin());
    expect(admin.status).toBe(200);
    expect(admin.body.alerts.some((alert) => alert.kind === 'paymentFailed')).toBe(false);
  });
});

describe.each(databaseKinds())('the advertiser dashboard over rolled-up days on %s', (kind) => {
  const t = useTestApp(kind);

  it('stays the sum of the ads’ reports whether the days are rolled up or live', async () => {
    const { advertiser, adIds } = await accountWithClicks(t);
    const range = '?from=2026-11-01&to=2026-11-03';
    const live = (await dashboardOf(advertiser.client, range)).body;
    // 2026-11-03 00:20 JST: the days through 2 November are written, the 3rd stays live.
    await rollUpAdFigures({ db: t.database.db, now: new Date('2026-11-02T15:20:00Z') });
    const half = (await dashboardOf(advertiser.client, range)).body;
    expect(half).toEqual(live);
    expectSumOfReports(half, await reportsOf(advertiser.client, adIds, '2026-11-01', '2026-11-03'));
    await rollUpAdFigures({ db: t.database.db, now: new Date('2026-11-05T00:00:00Z') });
    const rolled = (await dashboardOf(advertiser.client, range)).body;
    expect(rolled).toEqual(live);
    expectSumOfReports(rolled, await reportsOf(advertiser.client, adIds, '2026-11-01', '2026-11-03'));
  });
});
