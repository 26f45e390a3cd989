import { type AdminDashboard, japanIsoDate } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';

type Stamp = Date | string | null;
const dayOf = (at: Stamp) => (at === null ? null : japanIsoDate(new Date(at)));

/**
 * The admin's numbers recomputed in JavaScript from every raw row, by the meaning each figure has
 * (docs/decisions/025-site-figures.md), for the agreement tests: what the dashboard answers from
 * rolled-up and live figures must equal this exactly. Shaped as the dashboard's answer, for the
 * Japan-time `days` given (oldest first).
 */
export async function siteFiguresFromRawRows(
  db: Executor,
  days: string[],
): Promise<Omit<AdminDashboard, 'waitingGifts'>> {
  const [signups, ledger, responses, views, gifts, deliveries, [balances]] = await Promise.all([
    queryRows<{ at: Stamp }>(db, sql`select signup_completed_at as at from users`),
    queryRows<{ user_id: string; points: number; reason: string; at: Stamp }>(
      db,
      sql`select user_id, points, reason, created_at as at from point_transactions`,
    ),
    queryRows<{ user_id: string; created_at: Stamp; clicked_at: Stamp; answered_at: Stamp }>(
      db,
      sql`select user_id, created_at, clicked_at, answered_at from quiz_responses`,
    ),
    queryRows<{ path: string; user_id: string | null; at: Stamp }>(
      db,
      sql`select path, user_id, viewed_at as at from page_views`,
    ),
    queryRows<{ status: string; points_used: number; at: Stamp }>(
      db,
      sql`select status, points_used, settled_at as at from gift_requests`,
    ),
    queryRows<{ unit_price: number; at: Stamp }>(
      db,
      sql`select unit_price, delivered_at as at from ad_deliveries`,
    ),
    queryRows<{ balances: string | number | null }>(
      db,
      sql`select sum(points) as balances from users where withdrawn_at is null`,
    ),
  ]);

  const counted = new Set(days);
  const sums = (rows: { day: string | null; value: number }[]) => {
    const byDay = new Map<string, number>();
    for (const { day, value } of rows) {
      if (day !== null && counted.has(day)) byDay.set(day, (byDay.get(day) ?? 0) + value);
    }
    return days.map((day) => ({ day, value: byDay.get(day) ?? 0 }));
  };
  const active = new Set<string>();
  const activity = (userId: string | null, at: Stamp) => {
    const day = dayOf(at);
    if (userId !== null && day !== null) active.add(`${day} ${userId}`);
  };
  for (const row of ledger) activity(row.user_id, row.at);
  for (const row of responses) {
    activity(row.user_id, row.created_at);
    activity(row.user_id, row.clicked_at);
    activity(row.user_id, row.answered_at);
  }
  for (const row of views) activity(row.user_id, row.at);

  const byPath = new Map<string, number>();
  for (const row of views) {
    const day = dayOf(row.at);
    if (day !== null && counted.has(day)) byPath.set(row.path, (byPath.get(row.path) ?? 0) + 1);
  }
  const pending = gifts.filter((row) => row.status === 'pending');

  return {
    from: days[0]!,
    to: days.at(-1)!,
    days: days.length,
    signups: sums(signups.map((row) => ({ day: dayOf(row.at), value: 1 }))),
    activeUsers: sums([...active].map((key) => ({ day: key.slice(0, 10), value: 1 }))),
    pointsIssued: sums(
      ledger
        .filter((row) => row.points > 0 && row.reason !== 'gift_refund')
        .map((row) => ({ day: dayOf(row.at), value: row.points })),
    ),
    pointsRedeemed: sums(
      gifts
        .filter((row) => row.status === 'issued')
        .map((row) => ({ day: dayOf(row.at), value: row.points_used })),
    ),
    deliveries: sums(deliveries.map((row) => ({ day: dayOf(row.at), value: 1 }))),
    revenue: sums(deliveries.map((row) => ({ day: dayOf(row.at), value: row.unit_price }))),
    pageViews: sums(views.map((row) => ({ day: dayOf(row.at), value: 1 }))),
    pageViewsByPath: [...byPath]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, 20)
      .map(([path, views]) => ({ path, views })),
    liability: {
      balances: Number(balances?.balances ?? 0),
      pendingRequests: pending.reduce((sum, row) => sum + row.points_used, 0),
    },
  };
}
