import { caughtMail } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { at375, emptyState, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/Demo mail',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/mail', persona: 'admin' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const [booking] = caughtMail;

/** What the local SMTP server caught, newest first. */
export const List: Story = {
  play: async () => {
    const list = within(await page().findByRole('list', { name: 'Caught mail' }, { timeout: 10_000 }));
    await expect(list.getByRole('link', { name: new RegExp(booking!.subject) })).toBeVisible();
  },
};

export const Empty: Story = emptyState('No mail caught yet. Email the app sends in demo mode shows here.');

/** One email: its headers, its HTML sandboxed (its links open new tabs), and its text part. */
async function oneMail() {
  await expect(
    await page().findByRole('heading', { level: 1, name: booking!.subject }, { timeout: 10_000 }),
  ).toBeVisible();
  await expect(page().getByTitle(`The HTML part of “${booking!.subject}”`)).toHaveAttribute(
    'sandbox',
    'allow-popups allow-popups-to-escape-sandbox',
  );
  await expect(page().getByText(/See your buyers:/)).toBeVisible();
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

export const OneMail: Story = {
  parameters: { screen: { route: `/dashboard/mail/${booking!._id}` } },
  play: oneMail,
};

export const OneMailAt375: Story = at375({ ...OneMail });
