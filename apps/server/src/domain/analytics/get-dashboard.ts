import {
  type AdminDashboard,
  addDays,
  type DailyPoint,
  eachDay,
  japanDateKey,
  japanDayStart,
  japanIsoDate,
} from '@quiz-points/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { giftRequests } from '../../db/schema.ts';
import { rolledThrough } from '../figures/closed-days.ts';
import { addBusinessDays } from '../gifts/business-days.ts';
import { DELIVERY_BUSINESS_DAYS } from '../gifts/to-gift-request-view.ts';
import { getTopPagePaths } from './get-top-page-paths.ts';
import {
  type Instants,
  pageViewsByPathQuery,
  RAW_DAYS_SETTINGS,
  siteFiguresQuery,
} from './site-day-figures-sql.ts';
import { SITE_FIGURES_ROLLUP } from './site-figures-rollup.ts';

/** One day's figures as the dashboard reads them; bigint sums come as text. */
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
const FIGURES: Figure[] = [
  'signups',
  'active_members',
  'points_issued',
  'points_redeemed',
  'deliveries',
  'revenue',
  'page_views',
];

const FIGURE_COLUMNS = sql.raw(
  "to_char(day, 'YYYY-MM-DD') as day, signups, active_members, points_issued, points_redeemed, deliveries, revenue, page_views",
);

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * The admin's numbers for the Japan-time days `from` to `to` (both included; or else the last `days`
 * up to today's): sign-ups (finished profiles), active users (anyone who
 * answered, clicked, earned or spent that day), points issued (credits other than refunds) and
 * redeemed (gift cards issued), deliveries and revenue, page views; and now: the points
 * liability and the gift requests waiting against the 3-business-day promise.
 *
 * Nothing here reads more than minutes of raw rows (docs/decisions/025-site-figures.md): the closed
 * days (up to through_day) are read from site_day_*, the open days from site_open_day_* up to their
 * mark, and only the rows after the mark from the raw tables, by the same definition
 * (site-day-figures-sql.ts) through the time indexes. One repeatable-read transaction, so the mark,
 * the open figures and the rows after it are seen at one moment, while the job moves them on.
 * Before the first rollup every day is read from the raw rows.
 */
export async function getDashboard({
  db,
  days = 30,
  from,
  to,
  now = new Date(),
}: {
  db: Database;
  days?: number;
  from?: string;
  to?: string;
  now?: Date;
}): Promise<AdminDashboard> {
  const dayList =
    from && to
      ? eachDay(from, to)
      : Array.from({ length: days }, (_, index) =>
          japanIsoDate(new Date(now.getTime() - (days - 1 - index) * 86_400_000)),
        );
  const read = await db.transaction((tx) => readFigures(tx, dayList), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });

  const today = japanDateKey(now);
  const deadlines = read.waiting.map((row) => addBusinessDays(row.createdAt, DELIVERY_BUSINESS_DAYS));
  const oldest = read.waiting.reduce<Date | null>(
    (first, row) => (first === null || row.createdAt < first ? row.createdAt : first),
    null,
  );
  const series = (figure: Figure): DailyPoint[] =>
    dayList.map((day) => ({ day, value: read.figures.get(day)?.[figure] ?? 0 }));
  return {
    from: dayList[0]!,
    to: dayList.at(-1)!,
    days: dayList.length,
    signups: series('signups'),
    activeUsers: series('active_members'),
    pointsIssued: series('points_issued'),
    pointsRedeemed: series('points_redeemed'),
    deliveries: series('deliveries'),
    revenue: series('revenue'),
    pageViews: series('page_views'),
    pageViewsByPath: read.pageViewsByPath,
    liability: read.liability,
    waitingGifts: {
      count: read.waiting.length,
      oldestHours: oldest ? Math.floor((now.getTime() - oldest.getTime()) / 3_600_000) : null,
      overdue: deadlines.filter((deadline) => deadline < now).length,
      dueToday: deadlines.filter((deadline) => deadline >= now && japanDateKey(deadline) === today).length,
    },
  };
}

async function readFigures(tx: Tx, dayList: string[]) {
  const first = dayList[0]!;
  const last = dayList.at(-1)!;
  const end = japanDayStart(addDays(last, 1));
  await tx.execute(RAW_DAYS_SETTINGS);
  const through = await rolledThrough(tx, SITE_FIGURES_ROLLUP);
  const closed = through !== null && through >= first ? { from: first, to: earlier(through, last) } : null;
  const openFrom = through === null ? first : later(first, addDays(through, 1));
  // The open days' mark: every open day is in site_open_day_figures up to it (a day it has not
  // reached has no row), and the raw rows from it on are read. Before the first rollup there is none.
  let mark: Date | null = null;
  if (through !== null) {
    mark = japanDayStart(addDays(through, 1));
    const [open] = await queryRows<{ through: Date | string | null }>(
      tx,
      sql`select max(through_at) as through from site_open_day_figures where day > ${through}`,
    );
    if (open?.through) mark = new Date(Math.max(new Date(open.through).getTime(), mark.getTime()));
  }
  const restFrom = new Date(Math.max(mark?.getTime() ?? 0, japanDayStart(openFrom).getTime()));
  const rest: Instants | null = openFrom <= last && restFrom < end ? { from: restFrom, to: end } : null;

  const parts: FigureRow[] = [];
  if (closed) {
    parts.push(
      ...(await queryRows<FigureRow>(
        tx,
        sql`select ${FIGURE_COLUMNS} from site_day_figures where day between ${closed.from} and ${closed.to}`,
      )),
    );
  }
  if (through !== null && openFrom <= last) {
    parts.push(
      ...(await queryRows<FigureRow>(
        tx,
        sql`select ${FIGURE_COLUMNS} from site_open_day_figures where day between ${openFrom} and ${last}`,
      )),
    );
  }
  if (rest) {
    parts.push(
      ...(await queryRows<FigureRow>(
        tx,
        sql`select ${FIGURE_COLUMNS} from (${siteFiguresQuery(rest, { newMembersOnly: through !== null })}) f`,
      )),
    );
  }
  const figures = new Map<string, Record<Figure, number>>();
  for (const row of parts) {
    const sums =
      figures.get(row.day) ?? (Object.fromEntries(FIGURES.map((f) => [f, 0])) as Record<Figure, number>);
    for (const figure of FIGURES) sums[figure] += Number(row[figure]);
    figures.set(row.day, sums);
  }

  // Page views by path: the closed days' rows, the open days' and the raw rows after the mark.
  const openPaths: SQL[] = [];
  if (through !== null && openFrom <= last) {
    openPaths.push(
      sql`select path, views from site_open_day_page_views where day between ${openFrom} and ${last}`,
    );
  }
  if (rest) openPaths.push(sql`select path, views from (${pageViewsByPathQuery(rest)}) live`);
  const { paths: pageViewsByPath } = await getTopPagePaths({ db: tx, closed, open: openPaths });

  const [liability] = await queryRows<{ balances: string | number | null; pending: string | number | null }>(
    tx,
    liabilityQuery(through, mark),
  );
  const waiting = await tx
    .select({ createdAt: giftRequests.createdAt })
    .from(giftRequests)
    .where(eq(giftRequests.status, 'pending'));

  return {
    figures,
    pageViewsByPath,
    liability: {
      balances: Number(liability?.balances ?? 0),
      pendingRequests: Number(liability?.pending ?? 0),
    },
    waiting,
  };
}

/**
 * The points liability (every balance but withdrawn accounts') without summing users: each balance
 * equals its ledger rows, so all balances together are the closed days' ledger totals, the open days'
 * up to the mark, and the ledger rows from the mark on; withdrawn_balances holds what withdrawn
 * accounts still have. With the pending requests' points, read through the status index.
 */
function liabilityQuery(through: string | null, mark: Date | null): SQL {
  const ledger =
    through === null || mark === null
      ? sql`(select coalesce(sum(points), 0) from point_transactions)`
      : sql`(select coalesce(sum(ledger_net), 0) from site_day_figures where day <= ${through})
          + (select coalesce(sum(ledger_net), 0) from site_open_day_figures where day > ${through})
          + (select coalesce(sum(points), 0) from point_transactions
            where created_at >= ${mark.toISOString()}::timestamptz)`;
  return sql`select ${ledger} - (select coalesce(sum(points), 0) from withdrawn_balances) as balances,
    (select sum(points_used) from gift_requests where status = 'pending') as pending`;
}
