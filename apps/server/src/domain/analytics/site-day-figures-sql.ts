import { addDays, japanDayStart } from '@quiz-points/shared';
import { type SQL, sql } from 'drizzle-orm';
import { inJapan } from '../../db/japan-time-sql.ts';

/** Japan-time days, both counted, as yyyy-mm-dd. */
export interface DayRange {
  from: string;
  to: string;
}

/** The Japan-time calendar day of a timestamp column, as a date. */
const japanDay = (column: string) => sql`${inJapan(sql.raw(column))}::date`;

/**
 * `column` within the range's instants: from the first Japan-time midnight up to (not including)
 * the one after the last day. Constants, so each time index is used for just those days.
 */
function within(column: string, { from, to }: DayRange): SQL {
  const start = japanDayStart(from).toISOString();
  const end = japanDayStart(addDays(to, 1)).toISOString();
  return sql`(${sql.raw(column)} >= ${start}::timestamptz and ${sql.raw(column)} < ${end}::timestamptz)`;
}

/**
 * The operator's figures of each Japan-time day of the range, one row a day (zeros included), from
 * the raw rows: the one definition the roll-up job writes (site_day_figures' columns, in order), the
 * dashboard computes its open days with, and the agreement tests recompute with. Each event counts on
 * the day of its own timestamp, which never changes once written, so a closed day's figures never
 * change either:
 * - signups: members who finished their profile (users.signup_completed_at);
 * - active_members: the people with any ledger row, any response opened, clicked or answered (each of
 *   the three times on its own day), or any page view signed in, that day;
 * - points_issued: credits other than refunds (a refund gives back points issued before);
 * - points_redeemed: points of gift requests issued (gift_requests.settled_at, status issued);
 * - deliveries and revenue: billable deliveries and their unit prices (ad_deliveries.delivered_at);
 * - page_views: every recorded page view;
 * - ledger_net: the sum of every ledger row, the day's change in all balances together.
 */
export function siteDayFiguresQuery(range: DayRange): SQL {
  return sql`select d.day::date as day,
      coalesce(s.signups, 0) as signups,
      coalesce(a.active_members, 0) as active_members,
      coalesce(l.points_issued, 0) as points_issued,
      coalesce(g.points_redeemed, 0) as points_redeemed,
      coalesce(v.deliveries, 0) as deliveries,
      coalesce(v.revenue, 0) as revenue,
      coalesce(p.page_views, 0) as page_views,
      coalesce(l.ledger_net, 0) as ledger_net
    from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day)
    left join (
      select ${japanDay('signup_completed_at')} as day, count(*) as signups
      from users where ${within('signup_completed_at', range)} group by 1
    ) s on s.day = d.day
    left join (
      select day, count(*) as active_members from (
        select ${japanDay('created_at')} as day, user_id
        from point_transactions where ${within('created_at', range)}
        union
        select ${japanDay('at')}, r.user_id
        from quiz_responses r cross join lateral (values (r.created_at), (r.clicked_at), (r.answered_at)) t(at)
        where (${within('r.created_at', range)} or ${within('r.clicked_at', range)} or ${within('r.answered_at', range)})
          and ${within('at', range)}
        union
        select ${japanDay('viewed_at')}, user_id
        from page_views where user_id is not null and ${within('viewed_at', range)}
      ) activity group by day
    ) a on a.day = d.day
    left join (
      select ${japanDay('created_at')} as day,
        sum(points) filter (where points > 0 and reason <> 'gift_refund') as points_issued,
        sum(points) as ledger_net
      from point_transactions where ${within('created_at', range)} group by 1
    ) l on l.day = d.day
    left join (
      select ${japanDay('settled_at')} as day, sum(points_used) as points_redeemed
      from gift_requests where status = 'issued' and ${within('settled_at', range)} group by 1
    ) g on g.day = d.day
    left join (
      select ${japanDay('delivered_at')} as day, count(*) as deliveries, sum(unit_price) as revenue
      from ad_deliveries where ${within('delivered_at', range)} group by 1
    ) v on v.day = d.day
    left join (
      select ${japanDay('viewed_at')} as day, count(*) as page_views
      from page_views where ${within('viewed_at', range)} group by 1
    ) p on p.day = d.day`;
}

/** Page views of each day of the range by path (site_day_page_views' columns, in order), from the raw rows. */
export function siteDayPageViewsQuery(range: DayRange): SQL {
  return sql`select ${japanDay('viewed_at')} as day, path, count(*) as views
    from page_views where ${within('viewed_at', range)} group by 1, 2`;
}
