import { type AdReport, addDays, japanIsoDate } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows.ts';
import { lastClosedDay } from '../domain/figures/closed-days.ts';
import { rollUpAdFigures } from '../domain/figures/roll-up-ad-figures.ts';
import { createAd, signedInAdvertiser, signedUpUser } from '../test/factories.ts';
import type { TestHttpClient } from '../test/http-client.ts';
import { requestsAcrossCrash } from './support/bursts.ts';
import { restartServer, startServer, stopServer } from './support/cluster.ts';
import { expectInvariants } from './support/invariants.ts';
import { useCluster } from './support/use-cluster.ts';

/** Days of back-dated history: enough that rolling them up takes seconds, so a kill lands mid-way. */
const HISTORY_DAYS = 400;

const rolledThrough = async (cluster: ReturnType<typeof useCluster>) => {
  const [row] = await queryRows<{ through: string | null }>(
    cluster.database.db,
    sql`select through_day::text as through from figure_rollups where name = 'ad-figures'`,
  );
  return row?.through ?? null;
};

/**
 * The ads' per-day figures (domain/figures) when server processes die: killed while their job rolls
 * up closed days, and killed in the middle of bursts of clicks and answers. Afterwards every rolled-up
 * day still equals its raw rows (support/invariants.ts), the totals their days, and the report reads
 * the same before and after the open day is rolled up.
 */
describe('ad figures when an instance is killed', () => {
  const cluster = useCluster();

  it('keeps every rolled-up day equal to its raw rows, through a kill mid-rollup and a kill mid-burst', async () => {
    const { db } = cluster.database;
    // Signed up while the cluster's first address still answers (restarts move instances to new ports).
    const advertiser = await signedInAdvertiser(cluster);
    const people = await Promise.all(Array.from({ length: 16 }, () => signedUpUser(cluster)));
    const ads = await Promise.all(
      [30, 45, 60, 75].map((unitPrice) =>
        createAd(db, { advertiserId: advertiser.uid, unitPrice, maxDeliveries: 5000 }),
      ),
    );
    const adIds = sql.raw(`array[${ads.map((ad) => `'${ad.id}'`).join(',')}]::uuid[]`);

    // History: each ad clicked twice a day for HISTORY_DAYS days, answered the next minute or never.
    await db.execute(sql`
      insert into users (id, email, email_hash, gender, birth_date)
      select 'history-' || i, 'history-' || i || '@example.com', 'history-' || i,
             (array['male', 'female', 'other', null])[1 + i % 4], date '1960-01-01' + i * 11
      from generate_series(1, ${HISTORY_DAYS * 2}) i`);
    await db.execute(sql`
      with clicks as (
        select a.id as ad_id, a.unit_price, 'history-' || i as user_id, i,
               now() - (i / 2 + 1) * interval '1 day' + i * interval '7 minutes' as at
        from generate_series(1, ${HISTORY_DAYS * 2}) i join ads a on a.id = any (${adIds})),
      delivered as (
        insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at, gender, age_band)
        select c.ad_id, c.user_id, c.unit_price, c.at, u.gender, qp_age_band(u.birth_date, c.at)
        from clicks c join users u on u.id = c.user_id)
      insert into quiz_responses (user_id, email_hash, ad_id, clicked_at, answered_at, selected_option, is_correct)
      select user_id, user_id, ad_id, at,
             case when i % 3 <> 0 then at + (30 + i % 50) * interval '1 second' end,
             case when i % 3 <> 0 then 1 + i % 3 end,
             case when i % 3 <> 0 then 1 + i % 3 = 2 end
      from clicks`);
    // The ads' slots hold the cap minus the deliveries, as clicks would have left them.
    await db.execute(sql`select qp_spread_ad_room(id, max_deliveries) from ads where id = any (${adIds})`);

    // A restarted instance runs the job at once (start-up catch-up); both die while it writes.
    await restartServer(cluster, 0);
    const deadline = Date.now() + 60_000;
    while ((await rolledThrough(cluster)) === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(cluster.servers.map((server) => stopServer(server, 'SIGKILL')));
    const lastClosed = lastClosedDay(new Date());
    const atKill = await rolledThrough(cluster);
    expect(atKill, 'the kill lands while days are being written').not.toBeNull();
    expect(atKill! < lastClosed, 'the kill lands before the last closed day').toBe(true);
    await expectInvariants(db);
    // The job of the dead instance is the queue's active one until it expires: another instance
    // (this process) writes the rest.
    await rollUpAdFigures({ db });
    expect(await rolledThrough(cluster)).toBe(lastClosed);
    cluster.servers[0] = await startServer({ databaseUrl: cluster.postgres.url });
    cluster.servers[1] = await startServer({ databaseUrl: cluster.postgres.url });
    await expectInvariants(db);

    // Today, live: members click and answer on both instances; one is killed mid-burst.
    for (let round = 0; round < 2; round++) {
      const { tally, attempt, on } = requestsAcrossCrash(cluster);
      const work = people.flatMap((person, p) =>
        ads.map((ad, a) =>
          attempt(async () => {
            await on(person.client, p + a).json('POST', `/api/ads/${ad.id}/click`);
            await on(person.client, p + a + 1).json('POST', `/api/ads/${ad.id}/answer`, {
              option: 1 + (p % 3),
            });
          }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 60 + round * 60));
      await stopServer(cluster.servers[0]!, 'SIGKILL');
      await Promise.all(work);
      expect(tally.failed, `round ${round}: requests cut off by the crash`).toBeGreaterThan(0);
      await restartServer(cluster, 0);
      await expectInvariants(db);
    }

    // The report over the history and today reads the same once today is rolled up too.
    const today = japanIsoDate(new Date());
    const range = `?from=${addDays(today, -60)}&to=${today}`;
    const reports = async (client: TestHttpClient) =>
      Promise.all(
        ads.map(
          async (ad) =>
            (await client.json<AdReport>('GET', `/api/advertiser/ads/${ad.id}/report${range}`)).body,
        ),
      );
    const live = await reports(advertiser.client.on(cluster.servers[1]!.url));
    expect(live.reduce((sum, report) => sum + report.deliveries, 0)).toBeGreaterThan(0);
    const tomorrow = new Date(Date.now() + 86_400_000 + 11 * 60_000);
    await Promise.all([rollUpAdFigures({ db, now: tomorrow }), rollUpAdFigures({ db, now: tomorrow })]);
    expect(await rolledThrough(cluster)).toBe(lastClosedDay(tomorrow));
    expect(await reports(advertiser.client.on(cluster.servers[0]!.url))).toEqual(live);
    await expectInvariants(db);
  });
});
