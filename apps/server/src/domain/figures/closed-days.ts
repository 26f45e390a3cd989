import { addDays, japanIsoDate } from '@quiz-points/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { figureRollups } from '../../db/schema.ts';

/**
 * How long after a Japan-time midnight its day counts as closed. Every event is stamped with the
 * time its transaction started; a statement that began before midnight commits within seconds, so a
 * day that ended this long ago gets no more rows, and its figures can be written once and kept.
 */
export const CLOSING_MARGIN_MS = 10 * 60_000;

/** The newest Japan-time day that is closed at `now`. */
export function lastClosedDay(now: Date): string {
  return addDays(japanIsoDate(new Date(now.getTime() - CLOSING_MARGIN_MS)), -1);
}

/** The last day a rollup has written (yyyy-mm-dd), or null before its first run. */
export async function rolledThrough(db: Executor, name: string): Promise<string | null> {
  const [row] = await db
    .select({ throughDay: figureRollups.throughDay })
    .from(figureRollups)
    .where(eq(figureRollups.name, name));
  return row?.throughDay ?? null;
}

/**
 * Writes a rollup's closed days that are not written yet, oldest first, each day in its own
 * transaction together with the record that it is written, so a crash loses no day and writes none
 * twice. The rollup's record row is locked for the day's work: two instances running the job at
 * once take turns, and the second finds the day done. `firstDay` is where a rollup with no record
 * starts (the day of its oldest raw row; null when there are none yet).
 */
export async function rollUpClosedDays(options: {
  db: Database;
  name: string;
  now: Date;
  firstDay: (db: Executor) => Promise<string | null>;
  writeDay: (tx: Tx, day: string) => Promise<void>;
}): Promise<{ days: string[] }> {
  const { db, name } = options;
  const last = lastClosedDay(options.now);
  const written: string[] = [];
  for (;;) {
    const day = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into figure_rollups (name) values (${name}) on conflict (name) do nothing`);
      const [row] = await queryRows<{ through: string | null }>(
        tx,
        sql`select through_day::text as through from figure_rollups where name = ${name} for update`,
      );
      const through = row?.through ?? null;
      const next = through === null ? await options.firstDay(tx) : addDays(through, 1);
      if (next === null || next > last) return null;
      await options.writeDay(tx, next);
      await tx.update(figureRollups).set({ throughDay: next }).where(eq(figureRollups.name, name));
      return next;
    });
    if (day === null) return { days: written };
    written.push(day);
  }
}
