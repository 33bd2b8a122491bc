import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { findAnnounced, mobile, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Register',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/register' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await expect(page().getByRole('radio', { name: /seller/ })).toBeInTheDocument();
  },
};

export const OnMobile: Story = { ...Default, globals: mobile };

export const MissingFields: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: 'Sign Up' }));
    await expect(page().getByText('Name is Required')).toBeVisible();
    await expect(page().getByText('Password is required')).toBeVisible();
  },
};

export const Registers: Story = {
  play: async () => {
    await userEvent.type(await page().findByLabelText('Name'), 'Karim Seller');
    await userEvent.type(page().getByLabelText('Email'), 'karim@recell.test');
    await userEvent.type(page().getByLabelText('Password'), 'secret-pass');
    await userEvent.click(page().getByRole('radio', { name: /seller/ }));
    await userEvent.click(page().getByRole('button', { name: 'Sign Up' }));
    await findAnnounced('User Created Successfully.');
  },
};

/** Continue with Google with "Sell phones" chosen: the account Google makes is a seller's. */
export const RegistersWithGoogle: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('radio', { name: /seller/ }));
    await userEvent.click(page().getByRole('button', { name: 'Continue with Google' }));
    await findAnnounced('User Created Successfully.');
  },
};

/** Another sign-in window took over (cancelled-popup-request): said under the form. */
export const GooglePopupCancelled: Story = {
  parameters: { screen: { identityFails: 'cancelled-popup-request' } },
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: 'Continue with Google' }));
    await findAnnounced('Another sign-in window was opened, so this one was cancelled.', 'alert');
  },
};
