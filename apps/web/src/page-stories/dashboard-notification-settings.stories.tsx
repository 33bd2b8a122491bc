import { demoAccounts } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { at375, errorState, findAnnounced, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/Notification settings',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/notifications/settings', persona: 'buyer' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const messageChoice = (name: RegExp) =>
  within(page().getByRole('radiogroup', { name: 'New questions and messages' })).getByRole('radio', { name });

/**
 * Every kind by email, messages each at once; the deal's notices on and disabled, with the reason. A buyer lists
 * nothing, so is not offered "A booking of your listing".
 */
async function settings() {
  await page().findByRole('radiogroup', { name: 'New questions and messages' }, { timeout: 10_000 });
  await expect(messageChoice(/^Each message/)).toBeChecked();
  await expect(page().queryByRole('checkbox', { name: 'A booking of your listing' })).toBeNull();
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
    // choosing the digest says so, and the choice stays
    await userEvent.click(messageChoice(/^A digest/));
    await waitFor(() => expect(messageChoice(/^A digest/)).toBeChecked());
    await findAnnounced(/^New questions and messages: a digest/);
  },
};

export const SettingsAt375: Story = at375({ play: settings });

/** A seller is also asked about bookings of their listings. */
export const SellerSettings: Story = {
  parameters: { screen: { persona: 'seller' } },
  play: async () => {
    await page().findByRole('radiogroup', { name: 'New questions and messages' }, { timeout: 10_000 });
    await expect(page().getByRole('checkbox', { name: 'A booking of your listing' })).toBeChecked();
  },
};

/** Messages turned off before: shown off. */
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
    await page().findByRole('radiogroup', { name: 'New questions and messages' }, { timeout: 10_000 });
    await expect(messageChoice(/^No email/)).toBeChecked();
  },
};

export const LoadFailed: Story = errorState('Notification settings');
