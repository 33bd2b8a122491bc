import { demoAccounts } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/Add Product',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/addProduct', persona: 'seller' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(await page().findByLabelText('Seller name')).toHaveValue(demoAccounts.seller.name);
  },
};

export const MissingFields: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: 'Add Product' }));
    await expect(page().getByLabelText('Name')).toHaveAccessibleDescription('Name is Required');
    await expect(page().getByLabelText('Location')).toHaveAccessibleDescription('Location is Required');
  },
};

/** Seller pages are for sellers: a buyer is sent to log in. */
export const Buyer: Story = {
  parameters: { screen: { persona: 'buyer' } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Login' })).toBeVisible();
  },
};
