import {
  type AdminDashboard,
  addDays,
  type DailyPoint,
  japanDateKey,
  japanDayStart,
  japanIsoDate,
} from '@quiz-points/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { giftRequests } from '../../db/schema.ts';
import { rolledThrough } from '../figures/closed-days.ts';
import { addBusinessDays } from '../gifts/business-days.ts';
import { DELIVERY_BUSINESS_DAYS } from '../gifts/to-gift-request-view.ts';
import { SITE_FIGURES_ROLLUP } from './roll-up-site-figures.ts';
import { siteDayFiguresQuery, siteDayPageViewsQuery } from './site-day-figures-sql.ts';

/** One day's figures as the dashboard reads them (rolled up or live); bigint sums come as text. */
type FigureRow = {
  day: string;
  signups: string | number;
  active_members: string | number;
  points_issued: string | number;
  points_redeemed: string | number;
  deliveries: string | number;
  revenue: string | number;
  page_views: string | number;
};
type Figure = Exclude<keyof FigureRow, 'day'>;

const FIGURE_COLUMNS = sql.raw(
  "to_char(day, 'YYYY-MM-DD') as day, signups, active_members, points_issued, points_redeemed, deliveries, revenue, page_views",
);

/** Every day of the window gets a point, zero where nothing happened. */
function series(days: string[], rows: Map<string, FigureRow>, figure: Figure): DailyPoint[] {
  return days.map((day) => ({ day, value: Number(rows.get(day)?.[figure] ?? 0) }));
}

/**
 * The admin's numbers for the last `days` Japan-time days: sign-ups (finished profiles), active users (anyone who
 * answered, clicked, earned or spent that day), points issued (credits other than refunds) and
 * redeemed (gift cards issued), deliveries and revenue, page views; and now: the points
 * liability and the gift requests waiting against the 3-business-day promise.
 *
 * Closed days come from the rows the roll-up-site-figures job wrote (roll-up-site-figures.ts); the
 * days after them (normally today) are computed live by the same definition (site-day-figures-sql.ts)
 * through the time indexes. A day is written once, in the same transaction as `through_day`, and never
 * changes after, so reading the rows up to the `through_day` read first and computing the rest live
 * adds up to the raw rows even while a rollup runs.
 */
export async function getDashboard({
  db,
  days = 30,
  now = new Date(),
}: {
  db: Database;
  days?: number;
  now?: Date;
}): Promise<AdminDashboard> {
  const dayList = Array.from({ length: days }, (_, index) =>
    japanIsoDate(new Date(now.getTime() - (days - 1 - index) * 86_400_000)),
  );
  const first = dayList[0]!;
  const last = dayList.at(-1)!;
  const through = await rolledThrough(db, SITE_FIGURES_ROLLUP);
  const rolled =
    through !== null && through >= first ? { from: first, to: through < last ? through : last } : null;
  const liveFrom = through === null || through < first ? first : addDays(through, 1);
  const live = liveFrom <= last ? { from: liveFrom, to: last } : null;

  const pathParts: SQL[] = [];
  if (rolled) {
    pathParts.push(
      sql`select path, views from site_day_page_views where day between ${rolled.from} and ${rolled.to}`,
    );
  }
  if (live) pathParts.push(sql`select path, views from (${siteDayPageViewsQuery(live)}) live`);

  const [rolledRows, liveRows, pageViewsByPath, [liability], waiting] = await Promise.all([
    rolled
      ? queryRows<FigureRow>(
          db,
          sql`select ${FIGURE_COLUMNS} from site_day_figures where day between ${rolled.from} and ${rolled.to}`,
        )
      : [],
    live ? queryRows<FigureRow>(db, sql`select ${FIGURE_COLUMNS} from (${siteDayFiguresQuery(live)}) f`) : [],
    pathParts.length === 0
      ? []
      : queryRows<{ path: string; views: string | number }>(
          db,
          sql`select path, sum(views) as views from (${sql.join(pathParts, sql` union all `)}) v
            group by path order by sum(views) desc, path limit 20`,
        ),
    queryRows<{ balances: string | number | null; pending: string | number | null }>(
      db,
      liabilityQuery(through),
    ),
    db
      .select({ createdAt: giftRequests.createdAt })
      .from(giftRequests)
      .where(eq(giftRequests.status, 'pending')),
  ]);
  const figures = new Map([...rolledRows, ...liveRows].map((row) => [row.day, row]));

  const today = japanDateKey(now);
  const deadlines = waiting.map((row) => addBusinessDays(row.createdAt, DELIVERY_BUSINESS_DAYS));
  const oldest = waiting.reduce<Date | null>(
    (first, row) => (first === null || row.createdAt < first ? row.createdAt : first),
    null,
  );
  return {
    days,
    signups: series(dayList, figures, 'signups'),
    activeUsers: series(dayList, figures, 'active_members'),
    pointsIssued: series(dayList, figures, 'points_issued'),
    pointsRedeemed: series(dayList, figures, 'points_redeemed'),
    deliveries: series(dayList, figures, 'deliveries'),
    revenue: series(dayList, figures, 'revenue'),
    pageViews: series(dayList, figures, 'page_views'),
    pageViewsByPath: pageViewsByPath.map((row) => ({ path: row.path, views: Number(row.views) })),
    liability: {
      balances: Number(liability?.balances ?? 0),
      pendingRequests: Number(liability?.pending ?? 0),
    },
    waitingGifts: {
      count: waiting.length,
      oldestHours: oldest ? Math.floor((now.getTime() - oldest.getTime()) / 3_600_000) : null,
      overdue: deadlines.filter((deadline) => deadline < now).length,
      dueToday: deadlines.filter((deadline) => deadline >= now && japanDateKey(deadline) === today).length,
    },
  };
}

/**
 * The points liability (every balance but withdrawn accounts') without summing users: each balance
 * equals its ledger rows, so all balances together are the rolled-up days' ledger totals plus the
 * ledger rows after them; withdrawn_balances holds what withdrawn accounts still have. One statement,
 * so the parts are read at one moment; with the pending requests' points, read through the status index.
 */
function liabilityQuery(through: string | null): SQL {
  const rolledLedger =
    through === null
      ? sql`0`
      : sql`(select coalesce(sum(ledger_net), 0) from site_day_figures where day <= ${through})`;
  const laterLedger =
    through === null
      ? sql`(select coalesce(sum(points), 0) from point_transactions)`
      : sql`(select coalesce(sum(points), 0) from point_transactions
          where created_at >= ${japanDayStart(addDays(through, 1)).toISOString()}::timestamptz)`;
  return sql`select ${rolledLedger} + ${laterLedger} - (select coalesce(sum(points), 0) from withdrawn_balances) as balances,
    (select sum(points_used) from gift_requests where status = 'pending') as pending`;
}
