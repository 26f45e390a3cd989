import { addDays, japanDayStart } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client.ts';
import { japanDate } from '../../db/japan-time-sql.ts';
import { queryRows } from '../../db/query-rows.ts';
import { rollUpClosedDays } from './closed-days.ts';
import { AD_FIGURES, computeAdDayFigures } from './compute-ad-figures.ts';

/**
 * The day of the oldest delivery, read ad by ad through their (ad_id, delivered_at) index. No answer
 * is older: an answer counts only with its delivery, and is given after the click.
 */
async function firstDay(db: Executor): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select ${japanDate(sql`min(first.delivered_at)`)} as day
        from ads a
        cross join lateral (select min(delivered_at) as delivered_at from ad_deliveries where ad_id = a.id) first`,
  );
  return row?.day ?? null;
}

/**
 * Writes one closed day of every ad in one statement: its figures (computeAdDayFigures, the one
 * definition), its audiences, and the day's deliveries and spend added to each ad's totals. It runs
 * in the transaction that records the day as written, so the totals are the sum of the written days.
 */
async function writeDay(tx: Tx, day: string) {
  const figures = computeAdDayFigures({
    ads: sql`select id from ads`,
    from: sql`${japanDayStart(day).toISOString()}::timestamptz`,
    until: sql`${japanDayStart(addDays(day, 1)).toISOString()}::timestamptz`,
  });
  await tx.execute(sql`
    with figures as materialized (${figures}),
    days as (
      insert into ad_day_figures (ad_id, day, deliveries, spend, max_unit_price, answers, correct, answer_ms,
                                  option_answers, answer_seconds)
      select "adId"::uuid, day, deliveries, spend, "maxUnitPrice", answers, correct, "answerMs",
             "optionAnswers", "answerSeconds"
      from figures),
    audiences as (
      insert into ad_day_audiences (ad_id, day, gender, age_band, deliveries, answers, correct)
      select f."adId"::uuid, f.day, a.gender, a."ageBand", a.deliveries, a.answers, a.correct
      from figures f
      cross join jsonb_to_recordset(f.audiences)
        as a(gender text, "ageBand" text, deliveries integer, answers integer, correct integer))
    insert into ad_figure_totals (ad_id, deliveries, spend)
    select "adId"::uuid, deliveries, spend from figures where deliveries > 0
    on conflict (ad_id) do update
      set deliveries = ad_figure_totals.deliveries + excluded.deliveries,
          spend = ad_figure_totals.spend + excluded.spend`);
}

/**
 * The roll-up-ad-figures job: every closed Japan-time day not written yet (closed-days.ts), oldest
 * first, one transaction each. Idempotent, and safe with several instances at once.
 */
export function rollUpAdFigures(options: { db: Database; now?: Date }) {
  return rollUpClosedDays({
    db: options.db,
    name: AD_FIGURES,
    now: options.now ?? new Date(),
    firstDay,
    writeDay,
  });
}
