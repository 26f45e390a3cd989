import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { inJapan } from '../../db/japan-time-sql.ts';
import { queryRows } from '../../db/query-rows.ts';
import { rollUpClosedDays } from '../figures/closed-days.ts';
import { advanceOpenSiteFigures } from './advance-open-site-figures.ts';
import {
  dayInstants,
  ledgerByReasonQuery,
  pageViewsByPathQuery,
  RAW_DAYS_SETTINGS,
  siteFiguresQuery,
} from './site-day-figures-sql.ts';
import { SITE_FIGURES_ROLLUP } from './site-figures-rollup.ts';

/**
 * The roll-up-site-figures job: writes the operator's figures of every closed Japan-time day not
 * written yet (site_day_figures, site_day_page_views and site_day_ledger), each day once (domain/figures/closed-days.ts),
 * from the raw rows, dropping the day's open figures in the same transaction; then moves the open
 * days' figures on (advance-open-site-figures.ts). Runs every few minutes; a run reads the rows of the
 * minutes since the last one.
 */
export async function rollUpSiteFigures({
  db,
  now,
}: {
  db: Database;
  now: Date;
}): Promise<{ days: string[]; openThrough: Date | null }> {
  const { days } = await rollUpClosedDays({
    db,
    name: SITE_FIGURES_ROLLUP,
    now,
    firstDay: oldestDay,
    async writeDay(tx, day) {
      const range = dayInstants(day, day);
      await tx.execute(RAW_DAYS_SETTINGS);
      await tx.execute(sql`insert into site_day_figures (day, signups, active_members, points_issued,
          points_redeemed, deliveries, revenue, page_views, ledger_net) ${siteFiguresQuery(range)}`);
      await tx.execute(sql`insert into site_day_page_views (day, path, views, rank)
        select day, path, views, row_number() over (order by views desc, path)
        from (${pageViewsByPathQuery(range)}) p`);
      await tx.execute(sql`insert into site_day_ledger (day, reason, direction, entries, points)
        ${ledgerByReasonQuery(range)}`);
      await tx.execute(sql`delete from site_open_day_figures where day <= ${day}`);
      await tx.execute(sql`delete from site_open_day_page_views where day <= ${day}`);
      await tx.execute(sql`delete from site_open_day_members where day <= ${day}`);
      await tx.execute(sql`delete from site_open_day_ledger where day <= ${day}`);
    },
  });
  const { through } = await advanceOpenSiteFigures({ db, now });
  return { days, openThrough: through };
}

/**
 * The Japan-time day of the oldest event any figure counts, where the first run starts (it reads
 * whole tables once). Every ledger row is on or after it, so the rolled-up ledger totals and the live
 * rows after them add up to the whole ledger.
 */
async function oldestDay(db: Executor): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select to_char(${inJapan(sql`least(
        (select min(signup_completed_at) from users),
        (select min(created_at) from point_transactions),
        (select min(settled_at) from gift_requests where status = 'issued'),
        (select min(delivered_at) from ad_deliveries),
        (select least(min(created_at), min(clicked_at), min(answered_at)) from quiz_responses),
        (select min(viewed_at) from page_views)
      )`)}, 'YYYY-MM-DD') as day`,
  );
  return row?.day ?? null;
}
