import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import {
  Cell,
  Column,
  Row,
  Table as AriaTable,
  TableBody,
  TableHeader,
  type SortDescriptor,
} from 'react-aria-components';
import * as styles from './Table.css';

export interface TableColumn<T> {
  id: string;
  name: string;
  /** The cell that names the row for screen readers (one column should have it). */
  isRowHeader?: boolean;
  /** Makes the header a sort button; sorting compares these values. */
  sortValue?: (item: T) => string | number;
  render: (item: T) => ReactNode;
}

export interface TableProps<T extends { id: string | number }> {
  'aria-label': string;
  columns: TableColumn<T>[];
  items: T[];
  /** Shown in place of rows when there are none. */
  emptyState?: ReactNode;
  defaultSort?: SortDescriptor;
}

function compare(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

/** A data table (users, my products): sortable headers by pointer or keyboard, and a real empty state. */
export function Table<T extends { id: string | number }>({
  columns,
  items,
  emptyState = 'Nothing here yet.',
  defaultSort,
  ...props
}: TableProps<T>) {
  const [sort, setSort] = useState<SortDescriptor | undefined>(defaultSort);
  const sorted = useMemo(() => {
    const column = columns.find((candidate) => candidate.id === sort?.column);
    if (!sort || !column?.sortValue) return items;
    const value = column.sortValue;
    const direction = sort.direction === 'descending' ? -1 : 1;
    return [...items].sort((a, b) => direction * compare(value(a), value(b)));
  }, [columns, items, sort]);

  return (
    <div className={styles.wrap}>
      <AriaTable {...props} className={styles.table} sortDescriptor={sort} onSortChange={setSort}>
        <TableHeader columns={columns}>
          {(column) => (
            <Column
              id={column.id}
              isRowHeader={column.isRowHeader}
              allowsSorting={Boolean(column.sortValue)}
              className={styles.column}
            >
              {({ allowsSorting, sortDirection }) => (
                <>
                  {column.name}
                  {allowsSorting && (
                    <span aria-hidden className={styles.sortIcon}>
                      {sortDirection === 'ascending' ? (
                        <ArrowUp size={14} />
                      ) : sortDirection === 'descending' ? (
                        <ArrowDown size={14} />
                      ) : (
                        <ArrowUpDown size={14} />
                      )}
                    </span>
                  )}
                </>
              )}
            </Column>
          )}
        </TableHeader>
        <TableBody items={sorted} renderEmptyState={() => <div className={styles.empty}>{emptyState}</div>}>
          {(item) => (
            <Row id={item.id} columns={columns} className={styles.row}>
              {(column) => <Cell className={styles.cell}>{column.render(item)}</Cell>}
            </Row>
          )}
        </TableBody>
      </AriaTable>
    </div>
  );
}
