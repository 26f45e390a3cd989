import { type AdminDashboard, adReportMessages, japanIsoDate } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { adDeliveries, giftRequests, pageViews } from '../db/schema.ts';
import { getDashboard } from '../domain/analytics/get-dashboard.ts';
import { dayRangeRefusals } from '../test/day-range-refusals.ts';
import { createAd } from '../test/factories.ts';
import type { ErrorReply } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const DAY = 86_400_000;

describe.each(databaseKinds())('the admin dashboard on %s', (kind) => {
  const t = useTestApp(kind, { admin: true });

  it('counts each day in Japan time, with zeros for quiet days', async () => {
    const db = t.database.db;
    const now = new Date();
    const person = await t.as.user({ points: 3000 });
    await person.client.json('POST', '/api/gift-requests', { giftType: 'amazon', points: 1000 });
    // An older request, now past the 3-business-day promise.
    await db.insert(giftRequests).values({
      userId: person.uid,
      giftType: 'amazon',
      pointsUsed: 1000,
      createdAt: new Date(now.getTime() - 8 * DAY),
    });
    await db.insert(giftRequests).values({
      userId: person.uid,
      giftType: 'amazon',
      pointsUsed: 3000,
      status: 'issued',
      settledAt: now,
    });
    const ad = await createAd(db);
    await db.insert(adDeliveries).values([
      { adId: ad.id, userId: person.uid, unitPrice: 40 },
      { adId: ad.id, userId: (await t.as.user({ points: 1 })).uid, unitPrice: 40 },
    ]);
    await db.insert(pageViews).values([
      { path: '/gift', userId: null },
      { path: '/gift', userId: null },
      { path: '/', userId: null },
      { path: '/', userId: null, viewedAt: new Date(now.getTime() - 40 * DAY) },
    ]);

    const response = await t.admin.json<AdminDashboard>('GET', '/api/admin/dashboard?days=14');
    expect(response.status).toBe(200);
    const view = response.body;
    const today = japanIsoDate(now);
    const last = <T>(points: T[]) => points.at(-1);
    expect(view.signups).toHaveLength(14);
    expect(last(view.signups)).toEqual({ day: today, value: 2 });
    expect(view.signups[0]).toEqual({ day: japanIsoDate(new Date(now.getTime() - 13 * DAY)), value: 0 });
    expect(last(view.activeUsers)?.value).toBe(2);
    // 3000 + 1 granted and two 10 Pt signup bonuses; the gift debit is not issuance.
    expect(last(view.pointsIssued)?.value).toBe(3021);
    expect(last(view.pointsRedeemed)?.value).toBe(3000);
    expect(last(view.deliveries)?.value).toBe(2);
    expect(last(view.revenue)?.value).toBe(80);
    expect(last(view.pageViews)?.value).toBe(3);
    expect(view.pageViewsByPath).toEqual([
      { path: '/gift', views: 2 },
      { path: '/', views: 1 },
    ]);
    expect(view.liability).toEqual({ balances: 2021, pendingRequests: 2000 });
    expect(view.waitingGifts).toMatchObject({ count: 2, overdue: 1 });
    expect(view.waitingGifts.oldestHours).toBeGreaterThanOrEqual(8 * 24 - 1);
  });

  it('shows the Japan-time days asked for, from and to, and refuses a range it cannot show with a message', async () => {
    await t.database.db.insert(pageViews).values([
      { path: '/range', userId: null, viewedAt: new Date('2032-12-31T14:59:59Z') },
      { path: '/range', userId: null, viewedAt: new Date('2032-12-31T15:00:00Z') },
      { path: '/range', userId: null, viewedAt: new Date('2033-01-02T14:59:59Z') },
    ]);
    const asked = await t.admin.json<AdminDashboard>(
      'GET',
      '/api/admin/dashboard?from=2033-01-01&to=2033-01-03',
    );
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ from: '2033-01-01', to: '2033-01-03', days: 3 });
    expect(asked.body.pageViews).toEqual([
      { day: '2033-01-01', value: 1 },
      { day: '2033-01-02', value: 1 },
      { day: '2033-01-03', value: 0 },
    ]);
    expect(asked.body.pageViewsByPath).toEqual([{ path: '/range', views: 2 }]);
    const oneDay = await t.admin.json<AdminDashboard>(
      'GET',
      '/api/admin/dashboard?from=2033-01-02&to=2033-01-02',
    );
    expect(oneDay.body.signups).toHaveLength(1);

    // A day before the console's first day is no day the console reads.
    for (const [query, message] of [
      ['from=0001-01-01&to=0001-01-01', adReportMessages.fromInvalid],
      ...dayRangeRefusals,
    ]) {
      const refused = await t.admin.json<ErrorReply>('GET', `/api/admin/dashboard?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.message, query).toBe(message);
    }
  });

  it('puts a moment just after midnight in Japan on the new day', async () => {
    const justAfterMidnight = new Date('2030-01-01T15:00:30Z');
    await t.database.db
      .insert(pageViews)
      .values({ path: '/howto', userId: null, viewedAt: justAfterMidnight });
    const view = await getDashboard({ db: t.database.db, days: 7, now: new Date('2030-01-02T03:00:00Z') });
    expect(view.pageViews.at(-1)).toEqual({ day: '2030-01-02', value: 1 });
    expect(view.pageViews.at(-2)).toEqual({ day: '2030-01-01', value: 0 });
  });
});
