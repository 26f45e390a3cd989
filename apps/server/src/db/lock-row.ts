import type { SQL } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Tx } from './client.ts';

/**
 * Reads one row `for update` (undefined when there is none): the caller's transaction holds it until
 * it commits, so what was read is what the row holds when the change (and its audit) is written, and
 * two changes to it never interleave.
 */
export async function lockRow<F extends SelectedFields>(
  tx: Tx,
  table: PgTable,
  where: SQL,
  fields: F,
): Promise<SelectResultFields<F> | undefined> {
  // Typed here: drizzle cannot resolve its builder's row type while the fields are generic.
  const rows = (await tx
    .select(fields)
    .from(table)
    .where(where)
    .for('update')) as unknown as SelectResultFields<F>[];
  return rows[0];
}
