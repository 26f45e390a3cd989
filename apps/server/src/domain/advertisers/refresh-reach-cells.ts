import { japanIsoDate } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/**
 * Brings the reach cells (reach-cells.sql) to the Japan-time day of `now`: age bands
 * move with birthdays and members turn 18 at midnight. Cells on an earlier day are moved on
 * (`qp_advance_reach_cells`: only the people whose birthday has come since, found by an index); cells
 * that hold nothing, or `force`, take a whole recount (`qp_refresh_reach_cells`, exact at any time,
 * while which changes to members wait for it: seconds at a million members). Between runs a trigger
 * on users keeps the cells equal to a recount. `written` is the number of cells written, null when
 * the cells were already on today.
 */
export async function refreshReachCells(options: {
  db: Executor;
  now: Date;
  force?: boolean;
}): Promise<{ asOf: string; written: number | null }> {
  const { db, now } = options;
  const today = japanIsoDate(now);
  const [state] = await queryRows<{ asOf: string | null; empty: boolean }>(
    db,
    sql`select (select as_of::text from reach_cell_state where id = 1) as "asOf",
               not exists (select 1 from reach_cells) as empty`,
  );
  const asOf = state?.asOf ?? null;
  const at = sql`${now.toISOString()}::timestamptz`;
  const whole = options.force || state?.empty;
  if (!whole && asOf !== null && asOf >= today) return { asOf, written: null };
  const statement = whole
    ? sql`select qp_refresh_reach_cells(${at}) as written`
    : sql`select qp_advance_reach_cells(${at}) as written`;
  const [row] = await queryRows<{ written: number }>(db, statement);
  return { asOf: today, written: row?.written ?? 0 };
}
