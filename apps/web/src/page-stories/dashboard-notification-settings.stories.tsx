import { demoAccounts } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { at375, errorState, findAnnounced, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/Notification settings',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/notifications/settings', persona: 'buyer' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every kind by email; the deal's notices on and disabled, with the reason. */
async function settings() {
  const messages = await page().findByRole(
    'checkbox',
    { name: 'New questions and messages' },
    { timeout: 10_000 },
  );
  await expect(messages).toBeChecked();
  const deal = page().getByRole('checkbox', { name: /Card held/ });
  await expect(deal).toBeChecked();
  await expect(deal).toBeDisabled();
  await expect(deal).toHaveAccessibleDescription(
    'Always on: these are about your money, your deal and your account.',
  );
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

export const Settings: Story = {
  play: async () => {
    await settings();
    // turning messages off says so, and the box stays off
    const messages = page().getByRole('checkbox', { name: 'New questions and messages' });
    await userEvent.click(messages);
    await waitFor(() => expect(messages).not.toBeChecked());
    await findAnnounced('New questions and messages: email off');
  },
};

export const SettingsAt375: Story = at375({ play: settings });

/** Messages turned off before: shown off, bookings still on. */
export const MessagesOff: Story = {
  parameters: {
    screen: {
      seed: (store: MockStore) =>
        void store.emailPreferences.set(demoAccounts.buyer._id, {
          message: false,
          messageEmail: 'off',
          booking: true,
          deal: true,
        }),
    },
  },
  play: async () => {
    await expect(
      await page().findByRole('checkbox', { name: 'New questions and messages' }, { timeout: 10_000 }),
    ).not.toBeChecked();
    await expect(page().getByRole('checkbox', { name: 'A booking of your listing' })).toBeChecked();
  },
};

export const LoadFailed: Story = errorState('Notification settings');
