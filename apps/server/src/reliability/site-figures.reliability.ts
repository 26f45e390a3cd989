import { type AdminDashboard, addDays } from '@quiz-points/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { giftRequests, pageViews } from '../db/schema.ts';
import { getDashboard } from '../domain/analytics/get-dashboard.ts';
import { rollUpSiteFigures } from '../domain/analytics/roll-up-site-figures.ts';
import { dayInstants, siteFiguresQuery } from '../domain/analytics/site-day-figures-sql.ts';
import { CLOSING_MARGIN_MS } from '../domain/figures/closed-days.ts';
import { createAd, signedInAdmin, verifiedUserWithPoints } from '../test/factories.ts';
import { siteFiguresFromRawRows } from '../test/site-figures-from-raw-rows.ts';
import { requestsAcrossCrash } from './support/bursts.ts';
import { restartServer, stopServer } from './support/cluster.ts';
import { expectInvariants } from './support/invariants.ts';
import { useCluster } from './support/use-cluster.ts';

const DAY = 86_400_000;

/**
 * The operator's numbers after an instance is killed (SIGKILL) in the middle of bursts of
 * clicks, answers, gacha, exchanges and page views, while rollups run from two more pools: the
 * dashboard, live and then from rolled-up days, equals the raw rows recomputed.
 */
describe('the operator figures after an instance is killed mid-burst', () => {
  const cluster = useCluster({ checkInvariants: true });

  it('equal the raw rows, live and rolled up', async () => {
    const people = await Promise.all(Array.from({ length: 10 }, () => verifiedUserWithPoints(cluster, 3000)));
    const ads = await Promise.all(
      Array.from({ length: 5 }, () => createAd(cluster.database.db, { maxDeliveries: 7 })),
    );
    // A page view three days ago: the rollup has closed days to write, and today is an open day.
    await cluster.database.db
      .insert(pageViews)
      .values({ path: '/about', userId: null, viewedAt: new Date(Date.now() - 3 * DAY) });
    const second = await openPostgres(cluster.postgres.url, 5);
    try {
      const { tally, attempt, on } = requestsAcrossCrash(cluster);
      const work = people.flatMap((person, p) => [
        ...ads.map((ad, a) =>
          attempt(async () => {
            await on(person.client, p + a).json('POST', '/api/analytics/page-views', { path: `/quiz/${a}` });
            await on(person.client, p + a).json('POST', `/api/ads/${ad.id}/click`);
            await on(person.client, p + a + 1).json('POST', `/api/ads/${ad.id}/answer`, { option: 2 });
          }),
        ),
        ...[0, 1].map((i) =>
          attempt(() =>
            on(person.client, p + i).json('POST', '/api/gift-requests', { giftType: 'amazon', points: 1000 }),
          ),
        ),
        attempt(() => on(person.client, p).json('POST', '/api/gacha/claim')),
        attempt(() => on(person.client, p + 1).json('POST', '/api/analytics/page-views', { path: '/gift' })),
      ]);
      // Rollups on two more pools meanwhile: they close the earlier days and move today on to ten
      // minutes ago, before any of the burst.
      const rollups = Array.from({ length: 4 }, (_, i) =>
        rollUpSiteFigures({ db: (i % 2 ? second : cluster.database).db, now: new Date() }),
      );
      await new Promise((resolve) => setTimeout(resolve, 120));
      await stopServer(cluster.servers[0]!, 'SIGKILL');
      await Promise.all([...work, ...rollups]);
      expect(tally.failed, 'requests cut off by the crash').toBeGreaterThan(0);
      await restartServer(cluster, 0);
      await expectInvariants(cluster.database.db);

      // The admin issues some exchanges (points redeemed today) and rejects one (a refund).
      // On the restarted instance (its port is new).
      const restarted = cluster.servers[0]!.url;
      const admin = await signedInAdmin({
        url: restarted,
        database: cluster.database,
        config: cluster.config,
      });
      const pending = await cluster.database.db
        .select({ id: giftRequests.id, points: giftRequests.pointsUsed })
        .from(giftRequests)
        .where(eq(giftRequests.status, 'pending'));
      expect(pending.length).toBeGreaterThan(3);
      const [rejected, ...issued] = pending.slice(0, 4);
      for (const request of issued) {
        const answer = await admin.json('POST', `/api/admin/gift-requests/${request.id}/issue`, {
          giftCode: `CODE-${request.id}`,
        });
        expect(answer.status).toBe(200);
      }
      const refused = await admin.json('POST', `/api/admin/gift-requests/${rejected!.id}/reject`, {
        reason: '重複',
      });
      expect(refused.status).toBe(200);

      // Everything so far has committed: two instances move the open day on to now at once (the
      // closing margin is for requests still running). Then a burst after the mark, read live.
      const runsToNow = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          rollUpSiteFigures({
            db: (i % 2 ? second : cluster.database).db,
            now: new Date(Date.now() + CLOSING_MARGIN_MS),
          }),
        ),
      );
      expect(runsToNow.flatMap((run) => run.days)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const laterAds = await Promise.all([0, 1].map(() => createAd(cluster.database.db)));
      await Promise.all(
        people.flatMap((person, p) => [
          ...laterAds.map((ad, a) => on(person.client, p + a).json('POST', `/api/ads/${ad.id}/click`)),
          on(person.client, p).json('POST', '/api/analytics/page-views', { path: '/gift' }),
        ]),
      );
      const [open] = await queryRows<{ members: number; rows: number }>(
        cluster.database.db,
        sql`select (select count(*)::int from site_open_day_members) as members,
          (select count(*)::int from site_open_day_figures) as rows`,
      );
      expect(open!.rows).toBe(1);
      expect(open!.members).toBeGreaterThan(0);

      // Live: the restarted instance's endpoint, against the raw rows.
      const live = await admin.json<AdminDashboard>('GET', '/api/admin/dashboard?days=7');
      expect(live.status).toBe(200);
      const { waitingGifts: _, ...liveFigures } = live.body;
      const raw = await siteFiguresFromRawRows(
        cluster.database.db,
        live.body.signups.map((point) => point.day),
      );
      expect(liveFigures).toEqual(raw);
      expect(live.body.deliveries.at(-1)!.value).toBeGreaterThan(0);
      expect(live.body.pointsRedeemed.at(-1)!.value).toBe(
        issued.reduce((sum, request) => sum + request.points, 0),
      );

      // Tomorrow, once today has closed: two instances roll it up at once, each day written once.
      const tomorrow = new Date(Date.now() + DAY);
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          rollUpSiteFigures({ db: (i % 2 ? second : cluster.database).db, now: tomorrow }),
        ),
      );
      const written = runs.flatMap((run) => run.days).sort();
      expect(new Set(written).size).toBe(written.length);
      const today = live.body.signups.at(-1)!.day;
      expect(written).toEqual([today]);
      const rolled = await getDashboard({ db: cluster.database.db, days: 7, now: tomorrow });
      const { waitingGifts: __, ...rolledFigures } = rolled;
      expect(rolledFigures).toEqual(
        await siteFiguresFromRawRows(
          cluster.database.db,
          rolled.signups.map((point) => point.day),
        ),
      );
      const [day] = await queryRows<{ differs: boolean }>(
        cluster.database.db,
        sql`select exists (
          select day, signups, active_members, points_issued, points_redeemed, deliveries, revenue, page_views, ledger_net
          from site_day_figures
          except
          select * from (${siteFiguresQuery(dayInstants(addDays(today, -3), today))}) f
        ) as differs`,
      );
      expect(day?.differs).toBe(false);
      const [kept] = await queryRows<{ days: number; open: number }>(
        cluster.database.db,
        sql`select (select count(*)::int from site_day_figures) as days,
          (select count(*)::int from site_open_day_members where day <= ${today}) as open`,
      );
      expect(kept).toEqual({ days: 4, open: 0 });
    } finally {
      await second.close();
    }
  });
});
