import { addDays, japanDayStart } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { CLOSING_MARGIN_MS } from '../figures/closed-days.ts';
import {
  activeMembersQuery,
  ledgerByReasonQuery,
  pageViewsByPathQuery,
  RAW_DAYS_SETTINGS,
  siteFiguresQuery,
} from './site-day-figures-sql.ts';
import { SITE_FIGURES_ROLLUP } from './site-figures-rollup.ts';

/**
 * Moves the open days' figures (site_open_day_*, the days after through_day) on to the closing
 * margin before `now`: events stamped before then are final, as a closed day's are, so only the rows
 * since the last mark are read and added, and the dashboard computes only the minutes after the mark
 * live. One transaction, holding the rollup's row as the closed days' writes do, so runs on several
 * instances take turns and a crash leaves the mark where its figures are. Nothing happens before the
 * first closed day is written (the dashboard then reads every day live).
 */
export async function advanceOpenSiteFigures({
  db,
  now,
}: {
  db: Database;
  now: Date;
}): Promise<{ through: Date | null }> {
  const mark = new Date(now.getTime() - CLOSING_MARGIN_MS);
  return db.transaction(async (tx) => {
    const [rollup] = await queryRows<{ through: string | null }>(
      tx,
      sql`select through_day::text as through from figure_rollups where name = ${SITE_FIGURES_ROLLUP} for update`,
    );
    const closed = rollup?.through ?? null;
    if (closed === null) return { through: null };
    const [open] = await queryRows<{ through: Date | string | null }>(
      tx,
      sql`select max(through_at) as through from site_open_day_figures where day > ${closed}`,
    );
    const firstOpen = japanDayStart(addDays(closed, 1));
    const from = open?.through
      ? new Date(Math.max(new Date(open.through).getTime(), firstOpen.getTime()))
      : firstOpen;
    if (mark <= from) return { through: from };

    const range = { from, to: mark };
    await tx.execute(RAW_DAYS_SETTINGS);
    // The new people are counted before they are added to the day's list.
    await tx.execute(sql`insert into site_open_day_figures (day, signups, active_members, points_issued,
        points_redeemed, deliveries, revenue, page_views, ledger_net, through_at)
      select f.*, ${mark.toISOString()}::timestamptz from (${siteFiguresQuery(range, { newMembersOnly: true })}) f
      on conflict (day) do update set
        signups = site_open_day_figures.signups + excluded.signups,
        active_members = site_open_day_figures.active_members + excluded.active_members,
        points_issued = site_open_day_figures.points_issued + excluded.points_issued,
        points_redeemed = site_open_day_figures.points_redeemed + excluded.points_redeemed,
        deliveries = site_open_day_figures.deliveries + excluded.deliveries,
        revenue = site_open_day_figures.revenue + excluded.revenue,
        page_views = site_open_day_figures.page_views + excluded.page_views,
        ledger_net = site_open_day_figures.ledger_net + excluded.ledger_net,
        through_at = excluded.through_at`);
    await tx.execute(
      sql`insert into site_open_day_members (day, user_id) ${activeMembersQuery(range)} on conflict do nothing`,
    );
    await tx.execute(sql`insert into site_open_day_page_views (day, path, views) ${pageViewsByPathQuery(range)}
      on conflict (day, path) do update set views = site_open_day_page_views.views + excluded.views`);
    await tx.execute(sql`insert into site_open_day_ledger (day, reason, direction, entries, points)
        ${ledgerByReasonQuery(range)}
      on conflict (day, reason, direction) do update set
        entries = site_open_day_ledger.entries + excluded.entries,
        points = site_open_day_ledger.points + excluded.points`);
    return { through: mark };
  });
}
