import { demoAccounts } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { mockResetCode } from '../mock-mode/mock-identity';
import { at375, findAnnounced, page, screenMeta } from '../testing/story-helpers';

const link = (code: string) => `/reset?${new URLSearchParams({ oobCode: code })}`;

const meta = {
  title: 'Screens/Reset password',
  tags: ['!autodocs'],
  ...screenMeta({ route: link(mockResetCode(demoAccounts.buyer.email)) }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** A reset link's page (demo mode's link, or a production action URL): whose password, and a new one. */
export const Asks: Story = {
  play: async () => {
    await expect(
      await page().findByText(`Choose a new password for ${demoAccounts.buyer.email}.`),
    ).toBeVisible();
    await expect(page().getByLabelText('New password')).toBeVisible();
  },
};

export const AsksOnPhone: Story = at375(Asks);

export const Changed: Story = {
  play: async () => {
    await userEvent.type(await page().findByLabelText('New password'), 'brand-new-1');
    await userEvent.click(page().getByRole('button', { name: 'Set the new password' }));
    await findAnnounced(/^Your password is changed\./, 'status');
    await expect(page().getByRole('link', { name: 'Log in' })).toBeVisible();
  },
};

/** A used, expired or made-up link: what happened and how to get a new one. */
export const LinkNotValid: Story = {
  parameters: { screen: { route: link('made-up') } },
  play: async () => {
    await findAnnounced(
      'This reset link is not valid or was already used. Ask for a new one: Login, then Forgot password.',
      'alert',
    );
    await expect(page().getByRole('link', { name: 'Back to Login' })).toBeVisible();
  },
};
