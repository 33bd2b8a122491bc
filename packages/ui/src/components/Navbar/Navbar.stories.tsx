import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Link } from '../Link/Link';
import { Navbar } from './Navbar';

const navigate = fn();
const signedOut = [
  { href: '/', label: 'Home' },
  { href: '/blogs', label: 'Blogs' },
  { href: '/about', label: 'About' },
];

const meta = {
  title: 'Layout/Navbar',
  component: Navbar,
  args: { links: signedOut, currentPath: '/', actions: <Button size="sm">Login</Button> },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
} satisfies Meta<typeof Navbar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = {
  play: async ({ canvas, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('link', { name: 'Blogs' }));
    await expect(navigate).toHaveBeenCalledWith('/blogs', undefined);
  },
};

/** Signed in: Dashboard and Sign out, and the menu toggle opens the side drawer (Escape closes it). */
export const SignedInWithMenu: Story = {
  args: {
    links: [...signedOut, { href: '/dashboard', label: 'Dashboard' }],
    currentPath: '/dashboard',
    actions: (
      <Button size="sm" variant="secondary">
        Sign out
      </Button>
    ),
    menu: (
      <nav aria-label="Dashboard menu">
        <Link variant="nav" href="/dashboard">
          My Orders
        </Link>
      </nav>
    ),
  },
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Open menu' });
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Dashboard' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(drawer).not.toBeInTheDocument());
    await waitFor(() => expect(toggle).toHaveFocus());
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  },
};

/** With the site's search form: a row of its own on a phone. */
export const WithSearch: Story = {
  args: {
    ...SignedInWithMenu.args,
    search: (
      <form role="search" aria-label="All phones">
        <label>
          Search all phones <input type="search" />
        </label>
      </form>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('search', { name: 'All phones' })).toBeVisible();
  },
};

export const Narrow: Story = {
  args: WithSearch.args,
  // the smallest screen the site supports: 320 px (Storybook's mobile1)
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    // everything wraps inside the screen instead of scrolling sideways
    await expect(window.innerWidth).toBe(320);
    await expect(canvas.getByRole('banner').scrollWidth).toBeLessThanOrEqual(320);
  },
};

/** The app controls the drawer (isMenuOpen/onMenuOpenChange), so following one of its links closes it. */
export const ControlledMenu: Story = {
  args: SignedInWithMenu.args,
  render: function ControlledMenuStory(args) {
    const [open, setOpen] = useState(false);
    return (
      <Navbar
        {...args}
        isMenuOpen={open}
        onMenuOpenChange={setOpen}
        menu={
          <nav aria-label="Dashboard menu">
            <Link variant="nav" href="/dashboard/wishlist" onPress={() => setOpen(false)}>
              Cart
            </Link>
          </nav>
        }
      />
    );
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Dashboard' });
    await userEvent.click(within(drawer).getByRole('link', { name: 'Cart' }));
    await expect(navigate).toHaveBeenCalledWith('/dashboard/wishlist', undefined);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  },
};
