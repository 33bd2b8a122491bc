import type { ReactNode } from 'react';
import * as styles from './DataTable.css';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/**
 * A table from a tablet up; on a phone each row is a card of "header: value" lines, so its actions stay on the
 * screen (the markup is a table at every width). Should a row still be too wide, it scrolls sideways inside a
 * named region in the tab order, so a keyboard can scroll it even when no cell holds a control (WCAG 2.1.1;
 * axe's scrollable-region-focusable).
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
    <div className={styles.wrap} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table}>
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
                // the card's label on a phone (DataTable.css.ts)
                <td key={column.header} data-label={column.header}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
