import {
  type AdminDashboard,
  type DailyPoint,
  japanDateKey,
  japanDayStart,
  japanIsoDate,
} from '@quiz-points/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { japanDate } from '../../db/japan-time-sql.ts';
import { queryRows } from '../../db/query-rows.ts';
import { giftRequests } from '../../db/schema.ts';
import { addBusinessDays } from '../gifts/business-days.ts';
import { DELIVERY_BUSINESS_DAYS } from '../gifts/to-gift-request-view.ts';

type DayRow = { day: string; value: string | number };

/** The Japan-time calendar day of a timestamp column, as yyyy-mm-dd. */
const japanDay = (column: string) => japanDate(sql.raw(column));

/** Every day of the window gets a point, zero where nothing happened. */
function series(days: string[], rows: DayRow[]): DailyPoint[] {
  const byDay = new Map(rows.map((row) => [row.day, Number(row.value)]));
  return days.map((day) => ({ day, value: byDay.get(day) ?? 0 }));
}

/**
 * The admin's numbers for the last `days` Japan-time days: sign-ups (finished profiles), active users (anyone who
 * answered, clicked, earned or spent that day), points issued (credits other than refunds) and
 * redeemed (gift cards issued), deliveries and revenue, page views; and now: the points
 * liability and the gift requests waiting against the 3-business-day promise.
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
  const since = sql`${japanDayStart(dayList[0]!).toISOString()}::timestamptz`;
  const perDay = (query: SQL) => queryRows<DayRow>(db, query);

  const [
    signups,
    activeUsers,
    pointsIssued,
    pointsRedeemed,
    deliveries,
    revenue,
    pageViews,
    pageViewsByPath,
    [liability],
    waiting,
  ] = await Promise.all([
    perDay(sql`select ${japanDay('signup_completed_at')} as day, count(*) as value from users
      where signup_completed_at >= ${since} group by 1`),
    perDay(sql`select ${japanDay('at')} as day, count(distinct user_id) as value from (
        select user_id, created_at as at from point_transactions where created_at >= ${since}
        union all
        select user_id, coalesce(answered_at, clicked_at, created_at) from quiz_responses
          where coalesce(answered_at, clicked_at, created_at) >= ${since}
        union all
        select user_id, viewed_at from page_views where user_id is not null and viewed_at >= ${since}
      ) activity group by 1`),
    perDay(sql`select ${japanDay('created_at')} as day, sum(points) as value from point_transactions
      where points > 0 and reason <> 'gift_refund' and created_at >= ${since} group by 1`),
    perDay(sql`select ${japanDay('settled_at')} as day, sum(points_used) as value from gift_requests
      where status = 'issued' and settled_at >= ${since} group by 1`),
    perDay(sql`select ${japanDay('delivered_at')} as day, count(*) as value from ad_deliveries
      where delivered_at >= ${since} group by 1`),
    perDay(sql`select ${japanDay('delivered_at')} as day, sum(unit_price) as value from ad_deliveries
      where delivered_at >= ${since} group by 1`),
    perDay(sql`select ${japanDay('viewed_at')} as day, count(*) as value from page_views
      where viewed_at >= ${since} group by 1`),
    queryRows<{ path: string; views: string | number }>(
      db,
      sql`select path, count(*) as views from page_views where viewed_at >= ${since}
        group by path order by count(*) desc, path limit 20`,
    ),
    queryRows<{ balances: string | number | null; pending: string | number | null }>(
      db,
      sql`select (select sum(points) from users where withdrawn_at is null) as balances,
        (select sum(points_used) from gift_requests where status = 'pending') as pending`,
    ),
    db
      .select({ createdAt: giftRequests.createdAt })
      .from(giftRequests)
      .where(eq(giftRequests.status, 'pending')),
  ]);

  const today = japanDateKey(now);
  const deadlines = waiting.map((row) => addBusinessDays(row.createdAt, DELIVERY_BUSINESS_DAYS));
  const oldest = waiting.reduce<Date | null>(
    (first, row) => (first === null || row.createdAt < first ? row.createdAt : first),
    null,
  );
  return {
    days,
    signups: series(dayList, signups),
    activeUsers: series(dayList, activeUsers),
    pointsIssued: series(dayList, pointsIssued),
    pointsRedeemed: series(dayList, pointsRedeemed),
    deliveries: series(dayList, deliveries),
    revenue: series(dayList, revenue),
    pageViews: series(dayList, pageViews),
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
