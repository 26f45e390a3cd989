import { type SQL, sql } from 'drizzle-orm';
import { computeAdDayAnswers } from './compute-ad-figures.ts';
import { adFiguresThrough, liveFrom } from './read-ad-day-figures.ts';

/**
 * Per ad of `ads` (a query whose column `id` lists them) that has any: its answers and correct answers
 * over its whole life — the rolled-up days from ad_day_figures, the days after the rollup's last
 * computed live by the same definition, as adDeliveriesSince counts deliveries. A query (columns
 * ad_id, answers, correct) with no CTE, so it may sit in a subquery.
 *
 * The rolled-up days are summed ad by ad through their (ad_id, day) key (the lateral subquery, kept
 * apart by `offset 0`): one advertiser's ads are then as many short index reads, never a scan of the
 * table, which holds every day of every ad there ever was.
 */
export function adAnswersOverLife({ ads }: { ads: SQL }): SQL {
  const live = computeAdDayAnswers({ ads, from: liveFrom(null), until: sql`'infinity'::timestamptz` });
  return sql`select ad_id, sum(answers)::bigint as answers, sum(correct)::bigint as correct
             from (select a.id as ad_id, f.answers, f.correct
                   from (${ads}) a
                   cross join lateral (
                     select sum(f.answers)::bigint as answers, sum(f.correct)::bigint as correct
                     from ad_day_figures f
                     where f.ad_id = a.id and f.day <= ${adFiguresThrough}
                     offset 0) f
                   where f.answers is not null
                   union all
                   select ad_id, answers, correct from (${live}) live) parts
             group by ad_id`;
}
