import { desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * One owner's rows of a table, newest first, read a page at a time by keyset over an index
 * (owner, at desc, id desc): every page is one index range however far back it is, and a row written
 * meanwhile never shifts a page (no offset). The opaque cursor is the last row's id (a bigserial).
 */
export interface Keyset {
  table: PgTable;
  /** When the row happened: the order. */
  at: PgColumn;
  /** The bigserial id that breaks ties and is the cursor. */
  id: PgColumn;
  /** The column naming whose rows these are. */
  owner: PgColumn;
}

/** The order of the index: newest first, ties by id. */
export const newestFirst = ({ at, id }: Keyset): SQL[] => [desc(at), desc(id)];

/**
 * The rows after the cursor's. Its (at, id) is looked up under the same owner, so another owner's
 * id, or one that does not exist, gives an empty page.
 */
export function afterCursor({ table, at, id, owner }: Keyset, ownerValue: string, cursor: string): SQL {
  const seen = (column: PgColumn) => sql`seen.${sql.identifier(column.name)}`;
  return sql`(${at}, ${id}) < (select ${seen(at)}, ${seen(id)} from ${table} seen
                              where ${seen(id)} = ${cursor}::bigint and ${seen(owner)} = ${ownerValue})`;
}

/**
 * Splits the rows read with `limit + 1` (the one row past the page says whether there is a next
 * one) into the page and the cursor of the next page, null at the end.
 */
export function toPage<Row>(
  rows: Row[],
  limit: number,
  cursorOf: (row: Row) => number,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit ? String(cursorOf(page.at(-1)!)) : null };
}
