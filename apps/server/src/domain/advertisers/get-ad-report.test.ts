import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { createAd, createAdvertiser } from '../../test/factories.ts';
import { postgresKinds, useTestDatabase } from '../../test/test-database.ts';
import { figuresStatement, getAdReport } from './get-ad-report.ts';

const DELIVERIES = 10_000;
/** Other ads whose rows share the tables, as a real catalogue's do. */
const OTHER_ADS = 20;

describe.each(postgresKinds())('an ad report among many ads on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('is read through the indexes of its own ad, over a whole year', async () => {
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
      insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at)
      select ad_id::uuid, 'speed-' || i, 30,
             timestamptz '2026-01-01 00:00+09' + ((i - 1) * interval '864 seconds')
      from generate_series(1, ${DELIVERIES}) i,
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
    const report = await getAdReport({ db, owner, adId: ad.id, query });
    expect(report).toMatchObject({ deliveries: DELIVERIES, answers: DELIVERIES * 0.8 });
    expect(report.spend.amount).toBe(DELIVERIES * 30);
    expect(report.days.filter((day) => day.deliveries > 0)).toHaveLength(100);

    // Its speed is the plan's (no timed test): the ad's deliveries and responses are read through
    // their indexes, never by scanning the tables, which hold every ad's rows.
    const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(
      db,
      sql`explain (format json) ${figuresStatement(ad.id, query.from, query.to)}`,
    );
    const scans = JSON.stringify(plan!['QUERY PLAN']);
    expect(scans).not.toMatch(/"Node Type":"Seq Scan"[^}]*"Relation Name":"(quiz_responses|ad_deliveries)"/);
    expect(scans).toContain('"Index Name":"quiz_responses_ad_user_idx"');
  }, 120_000);
});
