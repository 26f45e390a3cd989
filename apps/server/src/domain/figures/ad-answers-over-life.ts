import { type SQL, sql } from 'drizzle-orm';
import { computeAdDayAnswers } from './compute-ad-figures.ts';
import { adFiguresThrough, liveFrom } from './read-ad-day-figures.ts';

/**
 * Per ad of `ads` (a query whose column `id` lists them) that has any: its answers and correct answers
 * over its whole life — the rolled-up days from ad_day_figures, the days after the rollup's last
 * computed live by the same definition, as adDeliveriesSince counts deliveries. A query (columns
 * ad_id, answers, correct) with no CTE, so it may sit in a subquery.
 */
export function adAnswersOverLife({ ads }: { ads: SQL }): SQL {
  const live = computeAdDayAnswers({ ads, from: liveFrom(null), until: sql`'infinity'::timestamptz` });
  return sql`select ad_id, sum(answers)::bigint as answers, sum(correct)::bigint as correct
             from (select f.ad_id, f.answers, f.correct
                   from ad_day_figures f join (${ads}) a on a.id = f.ad_id
                   where f.day <= ${adFiguresThrough}
                   union all
                   select ad_id, answers, correct from (${live}) live) parts
             group by ad_id`;
}
