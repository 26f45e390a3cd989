import { type SQL, sql } from 'drizzle-orm';
import { inJapan } from '../../db/japan-time-sql.ts';

/** The ad-figures rollup's name in figure_rollups (closed-days.ts). */
export const AD_FIGURES = 'ad-figures';

/** Which ads and which stretch of time: `ads` is a query whose column `id` lists the ads. */
export interface AdsOver {
  ads: SQL;
  /** The first instant counted (timestamptz), and the first one after (exclusive). */
  from: SQL;
  until: SQL;
}

/** One audience of an ad's day: the deliveries' gender and age band at the click. */
export interface AudienceFigures {
  gender: string;
  ageBand: string;
  deliveries: number;
  answers: number;
  correct: number;
}

/** Everything the consoles count of one ad on one Japan-time day. */
export interface AdDayFigures {
  adId: string;
  /** yyyy-mm-dd, Japan time. */
  day: string;
  deliveries: number;
  /** Yen before tax: the deliveries' own unit prices. */
  spend: number;
  /** The highest unit price a delivery of the day was made at; null without deliveries. */
  maxUnitPrice: number | null;
  answers: number;
  correct: number;
  /** Answers per option ({"2": 5}); options nobody chose are absent. */
  optionAnswers: Record<string, number>;
  /** The exact sum of the answers' times from click to answer, in milliseconds. */
  answerMs: number;
  /** Answers per whole second from click to answer ({"31": 4}). */
  answerSeconds: Record<string, number>;
  /** By gender and age band, ordered by both. */
  audiences: AudienceFigures[];
}

const japanDay = (at: SQL) => sql`${inJapan(at)}::date`;

// Each ad's rows are read through its own index range, one ad after the other (the lateral
// subquery, kept apart from the join by `offset 0`): a day of every ad is then as many short index
// reads as there are ads, never a scan of the table, which holds every day there ever was.

/**
 * The deliveries of the ads in the stretch, each on the Japan-time day of its click, with its price
 * and its audience (the member's gender and age band at the click, snapshotted on the delivery).
 */
function deliveryRows({ ads, from, until }: AdsOver) {
  return sql`select d.ad_id, ${japanDay(sql`d.delivered_at`)} as day, d.unit_price,
                    coalesce(d.gender, 'unknown') as gender, coalesce(d.age_band, 'unknown') as age_band
             from (${ads}) a
             cross join lateral (
               select d.ad_id, d.delivered_at, d.unit_price, d.gender, d.age_band
               from ad_deliveries d
               where d.ad_id = a.id and d.delivered_at >= ${from} and d.delivered_at < ${until}
               offset 0) d`;
}

/**
 * The answers given in the stretch to the ads, each on the Japan-time day of the answer, with the
 * option, whether it was right, the time from click to answer (exact in milliseconds, and in whole
 * seconds) and its delivery's audience. An answer counts only with its delivery (every click makes both).
 */
function answerRows({ ads, from, until }: AdsOver) {
  return sql`select r.ad_id, ${japanDay(sql`r.answered_at`)} as day, r.selected_option, r.is_correct,
                    round(r.taken * 1000)::bigint as ms, floor(r.taken)::int as second,
                    coalesce(d.gender, 'unknown') as gender, coalesce(d.age_band, 'unknown') as age_band
             from (${ads}) a
             cross join lateral (
               select r.ad_id, r.user_id, r.answered_at, r.selected_option, r.is_correct,
                      extract(epoch from r.answered_at - r.clicked_at) as taken
               from quiz_responses r
               where r.ad_id = a.id and r.answered_at >= ${from} and r.answered_at < ${until}
               offset 0) r
             join ad_deliveries d on d.ad_id = r.ad_id and d.user_id = r.user_id`;
}

/**
 * THE definition of an ad's figures from raw rows: one row per ad and Japan-time day of the stretch
 * that has a delivery or an answer (AdDayFigures, `day` a date). The rollup writes closed days from
 * it, the consoles read the days not rolled up yet through it, and the agreement tests compare the
 * two with it, so what is stored and what is live cannot differ.
 */
export function computeAdDayFigures(over: AdsOver): SQL {
  return sql`with deliveries as materialized (${deliveryRows(over)}),
    answers as materialized (${answerRows(over)}),
    audiences as (
      select ad_id, day, jsonb_agg(jsonb_build_object(
               'gender', gender, 'ageBand', age_band,
               'deliveries', deliveries, 'answers', answers, 'correct', correct) order by gender, age_band) as audiences
      from (select ad_id, day, gender, age_band,
                   count(*) filter (where answer is null)::int as deliveries,
                   count(answer)::int as answers,
                   count(*) filter (where answer)::int as correct
            from (select ad_id, day, gender, age_band, null::boolean as answer from deliveries
                  union all
                  select ad_id, day, gender, age_band, coalesce(is_correct, false) from answers) events
            group by ad_id, day, gender, age_band) cells
      group by ad_id, day)
    select g.ad_id::text as "adId", g.day,
           coalesce(dd.deliveries, 0) as deliveries, coalesce(dd.spend, 0) as spend,
           dd.max_unit_price as "maxUnitPrice",
           coalesce(aa.answers, 0) as answers, coalesce(aa.correct, 0) as correct,
           coalesce(aa.answer_ms, 0) as "answerMs",
           coalesce(o.option_answers, '{}'::jsonb) as "optionAnswers",
           coalesce(s.answer_seconds, '{}'::jsonb) as "answerSeconds",
           g.audiences
    from audiences g
    left join (select ad_id, day, count(*)::int as deliveries, sum(unit_price)::int as spend,
                      max(unit_price) as max_unit_price
               from deliveries group by ad_id, day) dd on dd.ad_id = g.ad_id and dd.day = g.day
    left join (select ad_id, day, count(*)::int as answers, (count(*) filter (where is_correct))::int as correct,
                      sum(ms)::bigint as answer_ms
               from answers group by ad_id, day) aa on aa.ad_id = g.ad_id and aa.day = g.day
    left join (select ad_id, day, jsonb_object_agg(selected_option, n) as option_answers
               from (select ad_id, day, selected_option, count(*)::int as n from answers
                     where selected_option is not null group by ad_id, day, selected_option) x
               group by ad_id, day) o on o.ad_id = g.ad_id and o.day = g.day
    left join (select ad_id, day, jsonb_object_agg(second, n) as answer_seconds
               from (select ad_id, day, second, count(*)::int as n from answers group by ad_id, day, second) x
               group by ad_id, day) s on s.ad_id = g.ad_id and s.day = g.day`;
}

/**
 * The deliveries part of the same figures (deliveryRows, the one definition of a delivery's day and
 * price): per ad and day of the stretch, deliveries, spend and the highest unit price. For the reads
 * that need no answers (the ads list, the billing page, the admin's advertisers); no CTE, so it may sit
 * in a correlated subquery.
 */
export function computeAdDayDeliveries(over: AdsOver): SQL {
  return sql`select ad_id, day, count(*)::int as deliveries, sum(unit_price)::int as spend,
                    max(unit_price) as max_unit_price
             from (${deliveryRows(over)}) d
             group by ad_id, day`;
}

/**
 * The answers part of the same figures (answerRows, the one definition of an answer's day and of
 * which answers count): per ad and day of the stretch, answers and correct answers. For the ads
 * table; no CTE, so it may sit in a correlated subquery.
 */
export function computeAdDayAnswers(over: AdsOver): SQL {
  return sql`select ad_id, day, count(*)::int as answers, (count(*) filter (where is_correct))::int as correct
             from (${answerRows(over)}) r
             group by ad_id, day`;
}
