import type { Meta, StoryObj } from '@storybook/react-vite';
import { mobiles, type Mobile } from '@recell/api/fixtures';
import { expect, within } from 'storybook/test';
import { formatMoney } from '../../format/money';
import { Badge } from '../Badge/Badge';
import { EmptyState } from '../EmptyState/EmptyState';
import { Table, type TableColumn } from './Table';

type Row = Mobile & { id: string };
const rows: Row[] = mobiles.map((mobile) => ({ ...mobile, id: mobile._id }));

const columns: TableColumn<Row>[] = [
  {
    id: 'title',
    name: 'Phone',
    isRowHeader: true,
    sortValue: (row) => row.title,
    render: (row) => row.title,
  },
  {
    id: 'price',
    name: 'Price',
    sortValue: (row) => row.resale_price,
    render: (row) => formatMoney({ dollars: row.resale_price }),
  },
  { id: 'stock', name: 'Stock', sortValue: (row) => row.stock, render: (row) => row.stock },
  {
    id: 'status',
    name: 'Status',
    render: (row) => <Badge status={row.stock > 0 ? 'available' : 'sold'} />,
  },
];

const meta = {
  title: 'Components/Table',
  component: Table<Row>,
  args: { 'aria-label': 'My Product', columns, items: rows },
} satisfies Meta<typeof Table<Row>>;
export default meta;
type Story = StoryObj<typeof meta>;

function firstColumn(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent ?? '');
}

export const SortByPointer: Story = {
  play: async ({ canvas, userEvent }) => {
    const table = canvas.getByRole('grid', { name: 'My Product' });
    const price = canvas.getByRole('columnheader', { name: /Price/ });
    await userEvent.click(price);
    await expect(price).toHaveAttribute('aria-sort', 'ascending');
    const ascending = [...rows].sort((a, b) => a.resale_price - b.resale_price).map((row) => row.title);
    await expect(firstColumn(table)).toEqual(ascending);
    await userEvent.click(price);
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    await expect(firstColumn(table)).toEqual([...ascending].reverse());
  },
};

/** Keyboard only: Tab into the grid, arrow up to the headers, Enter sorts. */
export const SortByKeyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const table = canvas.getByRole('grid');
    await userEvent.tab();
    await expect(table).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{ArrowUp}');
    const phone = canvas.getByRole('columnheader', { name: /Phone/ });
    await expect(phone).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(phone).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstColumn(table)).toEqual(rows.map((row) => row.title).sort((a, b) => a.localeCompare(b)));
  },
};

export const Empty: Story = {
  args: {
    items: [],
    emptyState: <EmptyState title="No products yet" description="Phones you list appear here." />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No products yet' })).toBeVisible();
    // the header row and the one row that holds the empty state
    await expect(canvas.getAllByRole('row')).toHaveLength(2);
    await expect(canvas.queryByText(rows[0]!.title)).not.toBeInTheDocument();
  },
};

export const LongText: Story = {
  args: {
    items: [
      { ...rows[0]!, title: 'Samsung Galaxy S21 Ultra 5G 512 GB phantom black with box, charger and case' },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('rowheader')).toHaveTextContent(/phantom black/);
  },
};
