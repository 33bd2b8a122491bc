import { demoAccounts, mobiles } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  dashboardMenuOnMobile,
  emptyState,
  errorState,
  findAnnounced,
  loadingState,
  page,
  screenMeta,
} from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/My Product',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/myProduct', persona: 'seller' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const own = mobiles.filter((phone) => phone.email === demoAccounts.seller.email);
const notAdvertised = own.find((phone) => !phone.advertised && phone.stock > 0)!;

export const Loaded: Story = {
  play: async () => {
    for (const phone of own)
      await expect(await page().findByRole('cell', { name: phone.title })).toBeVisible();
    const menu = within(page().getByRole('navigation', { name: 'Dashboard' }));
    await expect(menu.getByRole('link', { name: 'My Buyers' })).toBeInTheDocument();
  },
};

export const OnMobile: Story = dashboardMenuOnMobile('My Buyers');

export const Advertise: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Advertise ${notAdvertised.title}` }));
    await findAnnounced('Mobile has been published to the advertise section');
    const row = within(page().getByRole('cell', { name: notAdvertised.title }).closest('tr')!);
    await expect(row.getByText('Advertised')).toBeVisible();
  },
};

/** A seller's dashboard opens on their products: sellers have no orders (§6). */
export const DashboardHome: Story = {
  parameters: { screen: { route: '/dashboard' } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'My Product' })).toBeVisible();
  },
};

export const Loading = loadingState('Loading your products');
export const Empty = emptyState('You have not listed a phone yet.');
export const ServerError = errorState('Could not load your products');
