import { demoAccounts } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { mobile, findAnnounced, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Login',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/login' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page().getByLabelText('Email')).toBeVisible();
  },
};

export const OnMobile: Story = { ...Default, globals: mobile };

export const MissingFields: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: 'Login' }));
    await expect(page().getByLabelText('Email')).toHaveAccessibleDescription('Email Address is required');
    await expect(page().getByText('Password is required')).toBeVisible();
  },
};

export const WrongPassword: Story = {
  play: async () => {
    await userEvent.type(await page().findByLabelText('Email'), demoAccounts.buyer.email);
    await userEvent.type(page().getByLabelText('Password'), 'not-the-password');
    await userEvent.click(page().getByRole('button', { name: 'Login' }));
    await findAnnounced('The email or password is incorrect.', 'alert');
  },
};

/** The mocked identity holds the demo accounts: signing in goes home, signed in. */
export const SignsIn: Story = {
  play: async () => {
    await userEvent.type(await page().findByLabelText('Email'), demoAccounts.buyer.email);
    await userEvent.type(page().getByLabelText('Password'), demoAccounts.buyer.password);
    await userEvent.click(page().getByRole('button', { name: 'Login' }));
    await expect(await page().findByRole('button', { name: 'Sign out' })).toBeVisible();
  },
};

/** Continue with Google (the mocked identity's Google person): a first sign-in is a buyer, signed in. */
export const ContinuesWithGoogle: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: 'Continue with Google' }));
    await expect(await page().findByRole('button', { name: 'Sign out' })).toBeVisible();
  },
};

/** The browser blocked the popup and the redirect could not start either: words under the form. */
export const GooglePopupBlocked: Story = {
  parameters: { screen: { identityFails: 'popup-blocked' } },
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: 'Continue with Google' }));
    await findAnnounced(
      'The sign-in window was blocked by the browser. Allow pop-ups and try again.',
      'alert',
    );
  },
};

/** The person closed Google's window: said under the form, which stays usable. */
export const GooglePopupClosed: Story = {
  parameters: { screen: { identityFails: 'popup-closed-by-user' } },
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: 'Continue with Google' }));
    await findAnnounced('The sign-in window was closed before signing in finished.', 'alert');
    await expect(page().getByRole('button', { name: 'Login' })).toBeEnabled();
  },
};

/** Forgot password: the reset link is asked for the email typed above; the answer is the same for any email. */
export const ResetLinkSent: Story = {
  play: async () => {
    await userEvent.type(await page().findByLabelText('Email'), demoAccounts.buyer.email);
    await userEvent.click(page().getByRole('button', { name: 'Forgot password?' }));
    // the mocks are demo mode: no email is sent, the link to the reset page is shown instead
    const said = await findAnnounced(
      /^If an account uses \S+, a link to reset its password is on its way\. Demo mode: no email is sent\./,
    );
    await expect(said).toHaveTextContent(demoAccounts.buyer.email);
    await expect(page().getByRole('link', { name: 'Open the reset link' })).toBeVisible();
  },
};
