import { blogs, demoAccounts } from '@recell/api/fixtures';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findAlert } from '../testing/alerts';
import { setMediaQuery } from '../testing/media';
import { renderApp } from '../testing/render-app';

describe('layout', () => {
  it('shows Home, Blogs, About and Login to visitors', async () => {
    renderApp('/about');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Blogs', 'About', 'Login'])
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Contact');
  });

  it('shows Dashboard and Sign out to signed-in users', async () => {
    renderApp('/', { as: demoAccounts.buyer });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('banner')).toContainElement(screen.getByRole('button', { name: 'Sign out' }));
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('opens the dashboard drawer with the menu button, and closes it when one of its links is followed', async () => {
    const { user, currentPath } = renderApp('/dashboard', { as: demoAccounts.buyer });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Dashboard' });
    const menu = within(drawer).getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(menu).getByRole('link', { name: 'Cart' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe('/dashboard/wishlist');
  });

  // (CSS shows the menu button outside the dashboard on phones only: the stories and e2e check the widths)
  it("opens the site's menu from the keyboard on any page: its links and Sign out; Escape closes it and focus returns", async () => {
    const { user } = renderApp('/about', { as: demoAccounts.buyer });
    await screen.findByRole('heading', { level: 1 });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    toggle.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const links = within(drawer).getByRole('navigation', { name: 'Site' });
    for (const name of ['Home', 'Blogs', 'About', 'Dashboard'])
      expect(within(links).getByRole('link', { name })).toBeInTheDocument();
    expect(within(links).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(within(drawer).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(toggle).toHaveFocus());
  });

  it("gives a visitor's menu Login and no Sign out, and closes it when a link is followed", async () => {
    const { user, currentPath } = renderApp('/about');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).queryByRole('button', { name: /Sign out|Log Out/ })).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('link', { name: 'Login' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe('/login');
  });

  it('signs out from the menu and closes it', async () => {
    const { user } = renderApp('/about', { as: demoAccounts.buyer });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findAllByRole('link', { name: 'Login' })).not.toHaveLength(0);
  });

  it('follows a design-system link (the footer) inside the app', async () => {
    const { user, location } = renderApp('/about');
    const footer = screen.getByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'Samsung' }));
    // the category page needs login: the guard then sends the visitor on, remembering where they were going
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    // (the redirect replaces /category/02, so the history shows where it came from only in `from`)
    expect(location.history).toEqual(['/about', '/login?from=%2Fcategory%2F02']);
  });

  it('follows the system theme until one is chosen', async () => {
    renderApp('/about');
    await screen.findByRole('heading', { level: 1 });
    expect(document.documentElement.className).toMatch(/light/);
    act(() => setMediaQuery('(prefers-color-scheme: dark)', true));
    expect(document.documentElement.className).toMatch(/dark/);
    act(() => setMediaQuery('(prefers-color-scheme: dark)', false));
    expect(document.documentElement.className).toMatch(/light/);
  });

  it('changes the theme from the keyboard', async () => {
    const { user } = renderApp('/about');
    const toggle = screen.getByRole('button', { name: /System theme/ });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: /Dark theme/ })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: /Light theme/ })).toHaveFocus();
    expect(document.documentElement.className).toMatch(/light/);
    // a chosen theme wins over the system's
    act(() => setMediaQuery('(prefers-color-scheme: dark)', true));
    expect(document.documentElement.className).not.toMatch(/dark/);
  });

  it('toggles the theme and remembers the choice', async () => {
    const { user } = renderApp('/about');
    await user.click(screen.getByRole('button', { name: /System theme/ }));
    expect(screen.getByRole('button', { name: /Dark theme/ })).toBeInTheDocument();
    expect(document.documentElement.className).toMatch(/dark/);
    expect(localStorage.getItem('recell.theme')).toBe('"dark"');
  });
});

describe('public pages', () => {
  it('lists blog posts with title and details', async () => {
    renderApp('/blogs');
    for (const blog of blogs.slice(0, 3)) {
      expect(await screen.findByRole('heading', { name: blog.title })).toBeInTheDocument();
      expect(screen.getByText(blog.details)).toBeInTheDocument();
    }
    expect(document.title).toBe('Blogs | ReCell');
  });

  it('shows a loading region, then the posts', async () => {
    // a slow answer: the handler waits, then lets the mocks' own handler answer
    renderApp('/blogs', { handlers: [http.get('*/api/blogs', () => delay(300))] });
    const loading = await screen.findByText('Loading blog posts');
    expect(loading.closest('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByRole('heading', { name: blogs[0]!.title })).toBeInTheDocument();
    expect(screen.queryByText('Loading blog posts')).not.toBeInTheDocument();
  });

  it("says what failed when the posts cannot be loaded, in the server's words", async () => {
    renderApp('/blogs', {
      handlers: [
        http.get('*/api/blogs', () =>
          HttpResponse.json({ message: 'Database unavailable' }, { status: 503 }),
        ),
      ],
    });
    await findAlert('Database unavailable');
    expect(screen.getByRole('heading', { name: 'Could not load blog posts' })).toBeInTheDocument();
  });

  it('has a real About page', async () => {
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About ReCell' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(document.title).toBe('About | ReCell');
  });
});
