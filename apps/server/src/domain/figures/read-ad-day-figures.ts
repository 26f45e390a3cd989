import { addDays, JAPAN_TIME_ZONE, japanDayStart } from '@quiz-points/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AD_FIGURES, type AdDayFigures, computeAdDayFigures } from './compute-ad-figures.ts';

/** The last day the ad-figures rollup has written (a date; null before its first run). */
export const adFiguresThrough = sql`(select through_day from figure_rollups where name = ${AD_FIGURES})`;

/**
 * The first instant not rolled up yet, from the Japan-time day `from` on (a date expression; null:
 * from the beginning): the live part of a read starts there.
 */
export const liveFrom = (from: SQL | null): SQL =>
  from === null
    ? sql`coalesce(((${adFiguresThrough} + 1)::timestamp at time zone ${JAPAN_TIME_ZONE}), '-infinity'::timestamptz)`
    : sql`(greatest(${from}, ${adFiguresThrough} + 1)::timestamp at time zone ${JAPAN_TIME_ZONE})`;

const toNumbers = (row: AdDayFigures): AdDayFigures => ({
  ...row,
  deliveries: Number(row.deliveries),
  spend: Number(row.spend),
  maxUnitPrice: row.maxUnitPrice === null ? null : Number(row.maxUnitPrice),
  answers: Number(row.answers),
  correct: Number(row.correct),
  answerMs: Number(row.answerMs),
});

/**
 * The statement of readAdDayFigures: the rolled-up rows of the days up to the rollup's last, then
 * the later days computed live. One statement, so the two parts are read in one snapshot and meet
 * exactly at the rollup's last day.
 */
export function adDayFiguresStatement({ adId, from, to }: { adId: string; from: string; to: string }) {
  const live = computeAdDayFigures({
    ads: sql`select ${adId}::uuid as id`,
    from: liveFrom(sql`${from}::date`),
    until: sql`${japanDayStart(addDays(to, 1)).toISOString()}::timestamptz`,
  });
  return sql`select f.ad_id::text as "adId", f.day::text as day, f.deliveries, f.spend,
                    f.max_unit_price as "maxUnitPrice", f.answers, f.correct, f.answer_ms as "answerMs",
                    f.option_answers as "optionAnswers", f.answer_seconds as "answerSeconds",
                    (select coalesce(jsonb_agg(jsonb_build_object(
                              'gender', u.gender, 'ageBand', u.age_band, 'deliveries', u.deliveries,
                              'answers', u.answers, 'correct', u.correct) order by u.gender, u.age_band), '[]'::jsonb)
                     from ad_day_audiences u where u.ad_id = f.ad_id and u.day = f.day) as audiences
             from ad_day_figures f
             where f.ad_id = ${adId} and f.day between ${from}::date and ${to}::date and f.day <= ${adFiguresThrough}
             union all
             select "adId", day::text, deliveries, spend, "maxUnitPrice", answers, correct, "answerMs",
                    "optionAnswers", "answerSeconds", audiences
             from (${live}) live
             order by day`;
}

/**
 * One ad's figures for each Japan-time day from `from` to `to` (both included) that has any, oldest
 * first: the rolled-up rows for the days up to the rollup's last, and the later days (normally today
 * only) computed live from the raw rows by the same definition.
 */
export async function readAdDayFigures(options: {
  db: Executor;
  adId: string;
  from: string;
  to: string;
}): Promise<AdDayFigures[]> {
  const rows = await queryRows<AdDayFigures>(options.db, adDayFiguresStatement(options));
  return rows.map(toNumbers);
}
