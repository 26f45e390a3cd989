import { japanIsoDate } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/**
 * Recounts the reach cells on the Japan-time day of `now` (`qp_refresh_reach_cells`,
 * migrations/0013_reach_cells.sql) when they count an earlier day or hold nothing: age bands move with
 * birthdays and members turn 18 at midnight. Between recounts a trigger on users keeps the cells equal
 * to a recount. A recount is exact at any time (`force`); while it reads the members, changes to
 * members wait for it (at a million members, seconds), so the job asks for one only when the day has
 * moved. `written` is the number of cells the recount changed, null when it did not run.
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
  if (!options.force && asOf !== null && asOf >= today && !state?.empty) return { asOf, written: null };
  const [row] = await queryRows<{ written: number }>(
    db,
    sql`select qp_refresh_reach_cells(${now.toISOString()}::timestamptz) as written`,
  );
  return { asOf: today, written: row?.written ?? 0 };
}
