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

/** Which ads and days a read covers: `ads` is a query whose column `id` lists the ads. */
export interface AdsDays {
  ads: SQL;
  /** Japan-time days, both included. */
  from: string;
  to: string;
  /** Each day's audiences too (the report's breakdown); without them `audiences` is empty. */
  audiences?: boolean;
}

/**
 * The statement of readAdsDayFigures: the rolled-up rows of the days up to the rollup's last, then
 * the later days computed live. One statement, so the two parts are read in one snapshot and meet
 * exactly at the rollup's last day.
 */
export function adsDayFiguresStatement({ ads, from, to, audiences = true }: AdsDays) {
  const live = computeAdDayFigures({
    ads,
    from: liveFrom(sql`${from}::date`),
    until: sql`${japanDayStart(addDays(to, 1)).toISOString()}::timestamptz`,
  });
  const storedAudiences = audiences
    ? sql`(select coalesce(jsonb_agg(jsonb_build_object(
                  'gender', u.gender, 'ageBand', u.age_band, 'deliveries', u.deliveries,
                  'answers', u.answers, 'correct', u.correct) order by u.gender, u.age_band), '[]'::jsonb)
           from ad_day_audiences u where u.ad_id = f.ad_id and u.day = f.day)`
    : sql`'[]'::jsonb`;
  return sql`select f.ad_id::text as "adId", f.day::text as day, f.deliveries, f.spend,
                    f.max_unit_price as "maxUnitPrice", f.answers, f.correct, f.answer_ms as "answerMs",
                    f.option_answers as "optionAnswers", f.answer_seconds as "answerSeconds",
                    ${storedAudiences} as audiences
             from ad_day_figures f
             where f.ad_id in (${ads}) and f.day between ${from}::date and ${to}::date
               and f.day <= ${adFiguresThrough}
             union all
             select "adId", day::text, deliveries, spend, "maxUnitPrice", answers, correct, "answerMs",
                    "optionAnswers", "answerSeconds", ${audiences ? sql`audiences` : sql`'[]'::jsonb`}
             from (${live}) live
             order by day, "adId"`;
}

/** The statement of readAdDayFigures: adsDayFiguresStatement for one ad. */
export const adDayFiguresStatement = ({ adId, from, to }: { adId: string; from: string; to: string }) =>
  adsDayFiguresStatement({ ads: sql`select ${adId}::uuid as id`, from, to });

/**
 * The figures of each ad and Japan-time day from `from` to `to` (both included) that has any, oldest
 * day first: the rolled-up rows for the days up to the rollup's last, and the later days (normally
 * today only) computed live from the raw rows by the same definition. Every console figure of an
 * ad's days (its report, the advertiser's dashboard) is read here.
 */
export async function readAdsDayFigures(options: AdsDays & { db: Executor }): Promise<AdDayFigures[]> {
  const rows = await queryRows<AdDayFigures>(options.db, adsDayFiguresStatement(options));
  return rows.map(toNumbers);
}

/** One ad's figures for each day from `from` to `to` that has any (readAdsDayFigures). */
export function readAdDayFigures(options: {
  db: Executor;
  adId: string;
  from: string;
  to: string;
}): Promise<AdDayFigures[]> {
  const { db, adId, from, to } = options;
  return readAdsDayFigures({ db, ads: sql`select ${adId}::uuid as id`, from, to });
}
