import { addDays, japanDayStart, japanIsoDate } from '@quiz-points/shared';
import { type SQL, sql } from 'drizzle-orm';
import { inJapan } from '../../db/japan-time-sql.ts';

/**
 * Settings for a statement over a day or more of raw rows, local to its transaction (run it first).
 * The planner prices the scans of tables this size high enough to compile the statement with JIT,
 * which takes seconds and saves nothing on a day's rows; and a day's distinct active members need
 * more than the default 4 MB to be counted in memory rather than sorted on disk.
 */
export const RAW_DAYS_SETTINGS = sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`;

/** Instants from `from` up to, not including, `to`. */
export interface Instants {
  from: Date;
  to: Date;
}

/** Japan-time days `from` to `to` (yyyy-mm-dd, both counted) as instants. */
export const dayInstants = (from: string, to: string): Instants => ({
  from: japanDayStart(from),
  to: japanDayStart(addDays(to, 1)),
});

/** The Japan-time calendar day of a timestamp column, as a date. */
const japanDay = (column: string) => sql`${inJapan(sql.raw(column))}::date`;

/** Instants from `from` on, with no end: the rows after a mark, whenever stamped. */
export interface InstantsFrom {
  from: Date;
  to?: undefined;
}

/** `column` within the instants. Constants, so each time index is used for just those rows. */
function within(column: string, { from, to }: Instants | InstantsFrom): SQL {
  const c = sql.raw(column);
  if (to === undefined) return sql`(${c} >= ${from.toISOString()}::timestamptz)`;
  return sql`(${c} >= ${from.toISOString()}::timestamptz and ${c} < ${to.toISOString()}::timestamptz)`;
}

/**
 * Who was active on which Japan-time day, within the instants: one row per day and person with any
 * ledger row, any response opened, clicked or answered (each of the three times on its own day), or
 * any page view signed in.
 */
export function activeMembersQuery(range: Instants): SQL {
  return sql`select ${japanDay('created_at')} as day, user_id
    from point_transactions where ${within('created_at', range)}
    union
    select ${japanDay('at')}, r.user_id
    from quiz_responses r cross join lateral (values (r.created_at), (r.clicked_at), (r.answered_at)) t(at)
    where (${within('r.created_at', range)} or ${within('r.clicked_at', range)} or ${within('r.answered_at', range)})
      and ${within('at', range)}
    union
    select ${japanDay('viewed_at')}, user_id
    from page_views where user_id is not null and ${within('viewed_at', range)}`;
}

/**
 * The operator's figures from the raw rows of the instants, one row for each Japan-time day they
 * touch (zeros included; site_day_figures' columns, in order): the one definition the rollup writes
 * closed days and open days' parts with, the dashboard computes the rest live with, and the agreement
 * tests recompute with. Each event counts on the day of its own timestamp, which never changes once
 * written, so figures of instants that have passed (closed days, open days up to a mark) never change:
 * - signups: members who finished their profile (users.signup_completed_at);
 * - active_members: the people active that day (activeMembersQuery); with `newMembersOnly`, only
 *   those not yet in site_open_day_members for the day (an open day's part adds to it);
 * - points_issued: credits other than refunds (a refund gives back points issued before);
 * - points_redeemed: points of gift requests issued (gift_requests.settled_at, status issued);
 * - deliveries and revenue: billable deliveries and their unit prices (ad_deliveries.delivered_at);
 * - page_views: every recorded page view;
 * - ledger_net: the sum of every ledger row, the change in all balances together.
 */
export function siteFiguresQuery(range: Instants, { newMembersOnly = false } = {}): SQL {
  const firstDay = japanIsoDate(range.from);
  const lastDay = japanIsoDate(new Date(range.to.getTime() - 1));
  const newMember = newMembersOnly
    ? sql`where not exists (select 1 from site_open_day_members m where m.day = activity.day and m.user_id = activity.user_id)`
    : sql``;
  return sql`select d.day::date as day,
      coalesce(s.signups, 0) as signups,
      coalesce(a.active_members, 0) as active_members,
      coalesce(l.points_issued, 0) as points_issued,
      coalesce(g.points_redeemed, 0) as points_redeemed,
      coalesce(v.deliveries, 0) as deliveries,
      coalesce(v.revenue, 0) as revenue,
      coalesce(p.page_views, 0) as page_views,
      coalesce(l.ledger_net, 0) as ledger_net
    from generate_series(${firstDay}::date, ${lastDay}::date, interval '1 day') as d(day)
    left join (
      select ${japanDay('signup_completed_at')} as day, count(*) as signups
      from users where ${within('signup_completed_at', range)} group by 1
    ) s on s.day = d.day
    left join (
      select day, count(*) as active_members from (${activeMembersQuery(range)}) activity ${newMember} group by day
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

/** Page views of the instants by Japan-time day and path (site_day_page_views' columns, in order). */
export function pageViewsByPathQuery(range: Instants): SQL {
  return sql`select ${japanDay('viewed_at')} as day, path, count(*) as views
    from page_views where ${within('viewed_at', range)} group by 1, 2`;
}

/**
 * The ledger of the instants by Japan-time day, reason and direction (credit: points > 0, else
 * debit): entries and points moved, as absolute values (site_day_ledger's columns, in order). The
 * rollup writes closed days and open days' parts with it, and /metrics counts the rows after the mark.
 */
export function ledgerByReasonQuery(range: Instants | InstantsFrom): SQL {
  return sql`select ${japanDay('created_at')} as day, reason,
      case when points > 0 then 'credit' else 'debit' end as direction,
      count(*) as entries, sum(abs(points)) as points
    from point_transactions where ${within('created_at', range)} group by 1, 2, 3`;
}
