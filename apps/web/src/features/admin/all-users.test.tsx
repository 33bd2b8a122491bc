// All Users' order and its find box: newest first, and part of a name or an email finds an account
// on any page, kept in the URL (?q=) with the role.
import { demoAccounts, users } from '@recell/api/fixtures';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';

const { admin, buyer, seller } = demoAccounts;
const emails = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => (row as HTMLTableRowElement).cells[1]!.textContent);

describe('All Users', () => {
  it('lists the newest account first', async () => {
    renderApp('/dashboard/users', { as: admin });
    await screen.findByRole('cell', { name: users[0]!.email });
    expect(emails()).toEqual(users.map((user) => user.email).reverse());
  });

  it('finds by part of a name or an email, keeps it in the URL, and says when nothing matches', async () => {
    const { user, currentPath } = renderApp('/dashboard/users', { as: admin });
    // the box is drawn anew for each search the URL holds
    const find = () => screen.getByRole('searchbox', { name: 'Name or email' });
    await screen.findByRole('searchbox', { name: 'Name or email' });
    await user.type(find(), buyer.name.split(' ')[1]!.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(emails()).toEqual([buyer.email]));
    expect(currentPath()).toBe(`/dashboard/users?q=${buyer.name.split(' ')[1]!.toUpperCase()}`);

    await user.clear(find());
    await user.type(find(), `${seller.email}{Enter}`);
    await waitFor(() => expect(emails()).toEqual([seller.email]));

    await user.clear(find());
    await user.type(find(), 'nobody-at-all{Enter}');
    expect(await screen.findByText('No user’s name or email holds “nobody-at-all”.')).toBeInTheDocument();
  });
});
