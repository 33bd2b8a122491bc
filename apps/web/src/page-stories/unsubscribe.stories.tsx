import { demoAccounts } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { at375, errorState, page, screenMeta } from '../testing/story-helpers';

// The mocks cannot check the server's signature: a token there only has to name a person the store knows.
const token = `${demoAccounts.buyer._id}.message.${'A'.repeat(43)}`;

const meta = {
  title: 'Screens/Unsubscribe',
  tags: ['!autodocs'],
  ...screenMeta({ route: `/unsubscribe?token=${token}` }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the email's link opens, signed out: which email stops, and one button. */
async function asks() {
  await expect(
    await page().findByText(
      'This stops the emails about new questions and messages. Deal and payment emails stay on.',
      {},
      { timeout: 10_000 },
    ),
  ).toBeVisible();
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

export const Asks: Story = { play: asks };

export const AsksAt375: Story = at375({ play: asks });

/** The button turns it off, says so, and links to the settings to turn it back on. */
export const Unsubscribed: Story = {
  play: async () => {
    await asks();
    await userEvent.click(page().getByRole('button', { name: 'Unsubscribe' }));
    await expect(await page().findByText(/^Done: You will no longer get emails about/)).toBeVisible();
    await expect(page().getByRole('link', { name: 'Email settings' })).toHaveAttribute(
      'href',
      '/dashboard/notifications/settings',
    );
  },
};

/** A link cut short: says so, nothing to press. */
export const Incomplete: Story = {
  parameters: { screen: { route: '/unsubscribe' } },
  play: async () => {
    await expect(await page().findByText(/This link is not complete/)).toBeVisible();
    await expect(page().queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  },
};

export const LoadFailed: Story = errorState('Unsubscribe');
