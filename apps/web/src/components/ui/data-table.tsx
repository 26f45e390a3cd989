import type { Key, ReactNode } from 'react';
import { ScrollTable } from './scroll-table.tsx';

/** One column: its heading and what each row shows in it. */
export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The class of its heading and cells (cell-number: figures aligned right). */
  className?: string;
}

/** A table apart from its rows: its name, its columns, each row's key, and the note when there are none. */
export interface TableSpec<Row> {
  label: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => Key;
  empty: ReactNode;
}

/**
 * Rows of figures as a named table that may scroll sideways on a phone, or the `empty` note when
 * there are none. A page describes each table once (`const adTable: TableSpec<Ad> = …`) and places
 * it with its rows: `<DataTable {...adTable} rows={ads} />`.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty,
}: TableSpec<Row> & { rows: readonly Row[] }) {
  if (rows.length === 0) return <p className="note">{empty}</p>;
  return (
    <ScrollTable label={label}>
      <table className="report-table">
        <thead>
          <tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's life.
              <th key={index} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's life.
                <td key={index} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
