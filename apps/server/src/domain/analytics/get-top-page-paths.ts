import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** The dashboard's list: the 20 most viewed paths (ties by path). */
export const TOP_PATHS = 20;
/** How many of each day's most viewed paths are candidates for the list. */
export const CANDIDATES_PER_DAY = 50;

type PathViews = { path: string; views: number };

/**
 * The most viewed paths of the dashboard's days: the sum, by path, of the closed days' rows
 * (site_day_page_views, days `closed.from`–`closed.to`) and of `open`, statements of (path, views)
 * rows for the days after them. Exact, without summing every path of every day when that is not
 * needed: the candidates are each closed day's first `candidatesPerDay` paths (by the rank the
 * rollup wrote) and the open rows' first as many; a path that is none of these has at most, on each
 * day, the views of that day's next place, and at most the open rows' next place, so when the
 * twentieth candidate has more than all those together, no other path can be on the list. Otherwise
 * (few views spread over many paths) every path is summed.
 */
export async function getTopPagePaths({
  db,
  closed,
  open,
  candidatesPerDay = CANDIDATES_PER_DAY,
}: {
  db: Executor;
  closed: { from: string; to: string } | null;
  open: SQL[];
  candidatesPerDay?: number;
}): Promise<{ paths: PathViews[]; everyPathSummed: boolean }> {
  const closedDays = (day: SQL) =>
    closed ? sql`${day} between ${closed.from} and ${closed.to}` : sql`false`;
  const openRows =
    open.length === 0
      ? sql`select null::text as path, 0::bigint as views where false`
      : sql.join(open, sql` union all `);
  const cut = candidatesPerDay;
  const leaders = await queryRows<{ path: string; views: string | number; bound: string | number }>(
    db,
    sql`with open_paths as materialized (
        select path, sum(views) as views from (${openRows}) o group by path
      ),
      open_ranked as materialized (
        select path, views, row_number() over (order by views desc, path) as rank from open_paths
      ),
      candidates as (
        select path from site_day_page_views where ${closedDays(sql`day`)} and rank <= ${cut}
        union
        select path from open_ranked where rank <= ${cut}
      )
      select c.path, coalesce(closed.views, 0) + coalesce(o.views, 0) as views, cut.bound
      from candidates c
      left join open_paths o on o.path = c.path
      cross join lateral (
        select sum(s.views) as views from site_day_page_views s where s.path = c.path and ${closedDays(sql`s.day`)}
      ) closed
      cross join (
        select coalesce((select sum(views) from site_day_page_views where ${closedDays(sql`day`)} and rank = ${cut + 1}), 0)
          + coalesce((select views from open_ranked where rank = ${cut + 1}), 0) as bound
      ) cut
      order by views desc, c.path
      limit ${TOP_PATHS}`,
  );
  const bound = Number(leaders[0]?.bound ?? 0);
  const last = leaders[TOP_PATHS - 1];
  if (bound === 0 || (last && Number(last.views) > bound)) {
    return {
      paths: leaders.map((row) => ({ path: row.path, views: Number(row.views) })),
      everyPathSummed: false,
    };
  }
  const every = await queryRows<{ path: string; views: string | number }>(
    db,
    sql`select path, sum(views) as views from (
        select path, views from site_day_page_views where ${closedDays(sql`day`)}
        union all
        ${openRows}
      ) v group by path order by sum(views) desc, path limit ${TOP_PATHS}`,
  );
  return { paths: every.map((row) => ({ path: row.path, views: Number(row.views) })), everyPathSummed: true };
}
