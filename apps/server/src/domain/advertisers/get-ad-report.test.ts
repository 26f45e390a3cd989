import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { createAd, createAdvertiser } from '../../test/factories.ts';
import { postgresKinds, useTestDatabase } from '../../test/test-database.ts';
import { adDeliveriesSince } from '../figures/ad-deliveries-since.ts';
import { adDayFiguresStatement } from '../figures/read-ad-day-figures.ts';
import { rollUpAdFigures } from '../figures/roll-up-ad-figures.ts';
import { getAdReport } from './get-ad-report.ts';

const DELIVERIES = 10_000;
/** Other ads whose rows share the tables, as a real catalogue's do. */
const OTHER_ADS = 20;

/** Every index a statement's plan reads, and whether it scans a table of raw rows whole. */
async function planOf(db: Database, statement: SQL) {
  const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${statement}`);
  const text = JSON.stringify(plan!['QUERY PLAN']);
  return {
    text,
    scansRawRows: /"Node Type":"Seq Scan"[^}]*"Relation Name":"(quiz_responses|ad_deliveries)"/.test(text),
  };
}

describe.each(postgresKinds())('an ad report among many ads on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('is read through the indexes of its own ad over a whole year, live and once rolled up', async () => {
    const { db } = database;
    const advertiser = await createAdvertiser(db);
    const ad = await createAd(db, { advertiserId: advertiser.id, maxDeliveries: DELIVERIES, unitPrice: 30 });
    const others = await Promise.all(
      Array.from({ length: OTHER_ADS }, () => createAd(db, { advertiserId: advertiser.id })),
    );
    // 10,000 people clicked through over 100 Japan-time days from 2026-01-01; four in five answered.
    await db.execute(sql`
      insert into users (id, email, email_hash, gender, birth_date)
      select 'speed-' || i, 'speed-' || i || '@example.com', 'speed-' || i,
             case when i % 2 = 0 then 'female' else 'male' end, date '1970-01-01' + (i % 15000)
      from generate_series(1, ${DELIVERIES}) i`);
    await db.execute(sql`
      insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at, gender, age_band)
      select ad_id::uuid, u.id, 30, at, u.gender, qp_age_band(u.birth_date, at)
      from generate_series(1, ${DELIVERIES}) i
      join users u on u.id = 'speed-' || i
      cross join lateral (select timestamptz '2026-01-01 00:00+09' + ((i - 1) * interval '864 seconds') as at) t,
           unnest(${sql.raw(`array[${[ad, ...others].map((a) => `'${a.id}'`).join(',')}]`)}::text[]) ad_id`);
    // They answered this ad and the others too, so the ad's rows are a twentieth of each table.
    for (const adId of [ad.id, ...others.map((other) => other.id)]) {
      await db.execute(sql`
        insert into quiz_responses (user_id, email_hash, ad_id, clicked_at, answered_at, selected_option, is_correct)
        select 'speed-' || i, 'speed-' || i, ${adId}, at,
               case when i % 5 <> 0 then at + (30 + i % 60) * interval '1 second' end,
               case when i % 5 <> 0 then 1 + i % 3 end,
               case when i % 5 <> 0 then 1 + i % 3 = 2 end
        from generate_series(1, ${DELIVERIES}) i,
             lateral (select timestamptz '2026-01-01 00:00+09' + ((i - 1) * interval '864 seconds') as at) t`);
    }
    await db.execute(sql`analyze`);

    const query = { from: '2026-01-01', to: '2026-12-31' };
    const owner = { userId: advertiser.id };
    const live = await getAdReport({ db, owner, adId: ad.id, query });
    expect(live).toMatchObject({ deliveries: DELIVERIES, answers: DELIVERIES * 0.8 });
    expect(live.spend.amount).toBe(DELIVERIES * 30);
    expect(live.days.filter((day) => day.deliveries > 0)).toHaveLength(100);
    expect(
      live.breakdown.reduce((sum, group) => sum + group.deliveries, 0) + live.hiddenGroups,
    ).toBeGreaterThan(0);

    // Its speed is the plan's (no timed test): before any rollup the whole year is live, read through
    // the ad's own index ranges, never by scanning the tables, which hold every ad's rows.
    const statement = adDayFiguresStatement({ adId: ad.id, ...query });
    const livePlan = await planOf(db, statement);
    expect(livePlan.scansRawRows).toBe(false);
    expect(livePlan.text).toContain('"Index Name":"ad_deliveries_ad_time_idx"');
    expect(livePlan.text).toContain('"Index Name":"quiz_responses_ad_answer_idx"');
    const ads = sql`select id from ads where advertiser_id = ${advertiser.id}`;
    expect((await planOf(db, adDeliveriesSince({ ads, since: null }))).scansRawRows).toBe(false);

    // Rolled up (the job's first run writes every closed day since the first delivery), the same
    // report comes from one row per day, and the ads list from one totals row per ad.
    const { days } = await rollUpAdFigures({ db, now: new Date('2027-01-01T00:00:00Z') });
    expect(days[0]).toBe('2026-01-01');
    expect(days.at(-1)).toBe('2026-12-31');
    await db.execute(sql`analyze`);
    expect(await getAdReport({ db, owner, adId: ad.id, query })).toEqual(live);
    const rolledPlan = await planOf(db, statement);
    expect(rolledPlan.scansRawRows).toBe(false);
    expect(rolledPlan.text).toMatch(/"Index Name":"ad_day_figures_(pkey|deliveries_idx)"/);
    expect(rolledPlan.text).not.toMatch(
      /"Node Type":"Seq Scan"[^}]*"Relation Name":"ad_day_(figures|audiences)"/,
    );
    const totalsPlan = await planOf(db, adDeliveriesSince({ ads, since: null }));
    expect(totalsPlan.scansRawRows).toBe(false);
    expect(totalsPlan.text).toContain('"Relation Name":"ad_figure_totals"');
  }, 120_000);
});
