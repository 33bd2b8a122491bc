import { Bell } from 'lucide-react';
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

/** With the site's search form: the rest of the bar's one row on a phone. */
export const WithSearch: Story = {
  args: {
    ...SignedInWithMenu.args,
    search: (
      // shrinks as the site's box does (the rest of a phone's row)
      <form role="search" aria-label="All phones" style={{ display: 'flex' }}>
        <input
          type="search"
          aria-label="Search all phones"
          placeholder="Search phones"
          style={{ width: '100%', minWidth: 0 }}
        />
      </form>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('search', { name: 'All phones' })).toBeVisible();
  },
};

const phone = { viewport: { value: 'mobile1', isRotated: false } };

export const Narrow: Story = {
  args: WithSearch.args,
  // the smallest screen the site supports: 320 px (Storybook's mobile1)
  globals: phone,
  play: async ({ canvas }) => {
    // one row inside the screen: the menu button, the brand and the search; the links wait in the menu
    await expect(window.innerWidth).toBe(320);
    const banner = canvas.getByRole('banner');
    await expect(banner.scrollWidth).toBeLessThanOrEqual(320);
    const top = (element: HTMLElement) => element.getBoundingClientRect().top;
    const menu = canvas.getByRole('button', { name: 'Open menu' });
    const brand = canvas.getByRole('link', { name: 'ReCell home' });
    const search = canvas.getByRole('search', { name: 'All phones' });
    await expect(brand.getBoundingClientRect().left).toBeGreaterThan(menu.getBoundingClientRect().right);
    await expect(Math.abs(top(search) - top(brand))).toBeLessThan(brand.offsetHeight);
    await expect(banner.offsetHeight).toBeLessThanOrEqual(64);
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Sign out' })).toBeNull();
  },
};

/**
 * A phone, on any page: the menu button opens the site's links and the account actions in a drawer, from the
 * keyboard too; Escape closes it and focus goes back to the button.
 */
export const PhoneMenu: Story = {
  args: { ...WithSearch.args, menu: undefined },
  globals: phone,
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Open menu' });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    const drawer = within(await screen.findByRole('dialog', { name: 'Menu' }));
    const links = within(drawer.getByRole('navigation', { name: 'Site' }));
    for (const name of ['Home', 'Blogs', 'About', 'Dashboard'])
      await waitFor(() => expect(links.getByRole('link', { name })).toBeVisible());
    await expect(links.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(drawer.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(toggle).toHaveFocus());
  },
};

/** A phone on the dashboard: one drawer holds the dashboard's menu and, under it, the site's links. */
export const PhoneDashboardMenu: Story = {
  args: WithSearch.args,
  globals: phone,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Dashboard' }));
    await waitFor(() => expect(drawer.getByRole('navigation', { name: 'Dashboard menu' })).toBeVisible());
    await expect(drawer.getByRole('navigation', { name: 'Site' })).toBeVisible();
    await userEvent.click(drawer.getByRole('link', { name: 'Blogs' }));
    await expect(navigate).toHaveBeenCalledWith('/blogs', undefined);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** From a tablet up the site's links stay in the bar, and the dashboard's drawer has only its own menu. */
export const WideDashboardMenu: Story = {
  args: WithSearch.args,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Dashboard' }));
    await waitFor(() => expect(drawer.getByRole('navigation', { name: 'Dashboard menu' })).toBeVisible());
    await expect(drawer.queryByRole('navigation', { name: 'Site' })).toBeNull();
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

/** A link may carry an icon (the app's bell): hidden from assistive technology, its label still names it. */
export const LinkWithIcon: Story = {
  args: {
    ...SignedInWithMenu.args,
    links: [
      ...signedOut,
      { href: '/dashboard/notifications', label: 'Notifications, 3 unread', icon: <Bell size={16} /> },
    ],
  },
  play: async ({ canvas }) => {
    const bell = (await canvas.findAllByRole('link', { name: 'Notifications, 3 unread' }))[0]!;
    await expect(bell.querySelector('svg')).not.toBeNull();
    await expect(bell.querySelector('[aria-hidden="true"] svg')).not.toBeNull();
  },
};

/**
 * The bar's short words and counts: "Messages" with a 2 and the bell with a 120 (drawn 99+), named in full; the
 * phone's menu shows the full labels. Keeps a signed-in bar on one row at 1280 px.
 */
export const ShortWordsAndCounts: Story = {
  args: {
    ...SignedInWithMenu.args,
    links: [
      ...signedOut,
      { href: '/dashboard/messages', label: 'Messages (2 unread)', short: 'Messages', count: 2 },
      {
        href: '/dashboard/notifications',
        label: 'Notifications, 99+ unread',
        icon: <Bell size={18} />,
        short: '',
        count: 120,
      },
    ],
  },
  play: async ({ canvas }) => {
    const messages = (await canvas.findAllByRole('link', { name: 'Messages (2 unread)' }))[0]!;
    await expect(messages.querySelector('[aria-hidden="true"]')).toHaveTextContent(/^Messages2$/);
    const bell = canvas.getAllByRole('link', { name: 'Notifications, 99+ unread' })[0]!;
    await expect(bell.querySelector('[aria-hidden="true"]')).toHaveTextContent(/^99\+$/);
    await expect(bell.querySelector('[aria-hidden="true"] svg')).not.toBeNull();
  },
};
