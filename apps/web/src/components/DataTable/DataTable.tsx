import type { ReactNode } from 'react';
import { table, tableWrap } from '../styles.css';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** A table that scrolls sideways on narrow screens instead of breaking the layout. */
export function DataTable<T extends { _id: string }>({ rows, columns }: { rows: T[]; columns: Column<T>[] }) {
  return (
    <div className={tableWrap}>
      <table className={table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row._id}>
              {columns.map((column) => (
                <td key={column.header}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
