import { type SQL, sql } from 'drizzle-orm';
import { computeAdDayDeliveries } from './compute-ad-figures.ts';
import { adFiguresThrough, liveFrom } from './read-ad-day-figures.ts';

/**
 * Per ad of `ads` (a query whose column `id` lists them) that has any: its deliveries and spend (yen
 * before tax) from the Japan-time day `since` on, or over its whole life when `since` is null, and
 * the highest unit price among them (with `since` only). The rolled-up days come from ad_day_figures,
 * or from ad_figure_totals for a whole life (one row per ad however long it ran); the days after the
 * rollup's last are computed live. A query (columns ad_id, deliveries, spend, max_unit_price) with no
 * CTE, so it may sit in a correlated subquery.
 */
export function adDeliveriesSince({ ads, since }: { ads: SQL; since: string | null }): SQL {
  const rolled =
    since === null
      ? sql`select t.ad_id, t.deliveries, t.spend, null::integer as max_unit_price
            from ad_figure_totals t join (${ads}) a on a.id = t.ad_id`
      : sql`select f.ad_id, f.deliveries::bigint, f.spend::bigint, f.max_unit_price
            from ad_day_figures f join (${ads}) a on a.id = f.ad_id
            where f.day >= ${since}::date and f.day <= ${adFiguresThrough}`;
  const live = computeAdDayDeliveries({
    ads,
    from: liveFrom(since === null ? null : sql`${since}::date`),
    until: sql`'infinity'::timestamptz`,
  });
  return sql`select ad_id, sum(deliveries)::bigint as deliveries, sum(spend)::bigint as spend,
                    max(max_unit_price) as max_unit_price
             from (${rolled}
                   union all
                   select ad_id, deliveries, spend, max_unit_price from (${live}) live) parts
             group by ad_id`;
}
