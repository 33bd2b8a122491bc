import type { ReactNode } from 'react';
import { table, tableWrap } from '../styles.css';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/**
 * A table that scrolls sideways on narrow screens instead of breaking the layout. Its scroller is a named region
 * in the tab order, so a keyboard can scroll it even when no cell holds a control (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
export function DataTable<T extends { _id: string }>({
  label,
  rows,
  columns,
}: {
  /** names the scrolling region, e.g. 'Buyers table' */
  label: string;
  rows: T[];
  columns: Column<T>[];
}) {
  return (
    // a scrolling region is the one non-control that must be in the tab order (WCAG 2.1.1)
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={tableWrap} role="region" aria-label={label} tabIndex={0}>
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
