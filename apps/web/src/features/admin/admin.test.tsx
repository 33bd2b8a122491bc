import { demoAccounts, reports, users } from '@recell/api/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findStatus } from '../../testing/alerts';
import { renderApp } from '../../testing/render-app';

const { admin, buyer, seller } = demoAccounts;

describe('All Users (admins)', () => {
  it('lists every user, with no Delete for admins', async () => {
    renderApp('/dashboard/users', { as: admin });
    for (const user of users)
      expect(await screen.findByRole('cell', { name: user.email })).toBeInTheDocument();
    const adminRow = screen.getByRole('cell', { name: admin.email }).closest('tr')!;
    expect(within(adminRow).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Delete ${buyer.name}` })).toBeInTheDocument();
    expect(document.title).toBe('All Users | ReCell');
  });

  it("deletes a user after confirming ('Deleted Successfully')", async () => {
    const { user, mockStore } = renderApp('/dashboard/users', { as: admin });
    await user.click(await screen.findByRole('button', { name: `Delete ${buyer.name}` }));
    const dialog = screen.getByRole('dialog', { name: `Delete ${buyer.name}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findStatus('Deleted Successfully');
    await waitFor(() => expect(screen.queryByRole('cell', { name: buyer.email })).not.toBeInTheDocument());
    expect(mockStore.users.some((u) => u.email === buyer.email)).toBe(false);
  });

  it('shows the side menu of an admin', async () => {
    renderApp('/dashboard/users', { as: admin });
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['My Orders', 'Cart', 'All Users', 'Report']);
  });

  it('sends buyers and sellers to /login', async () => {
    for (const persona of [buyer, seller]) {
      const { currentPath, unmount } = renderApp('/dashboard/users', { as: persona });
      await screen.findByRole('heading', { name: 'Login' });
      expect(currentPath()).toBe('/login?from=%2Fdashboard%2Fusers');
      unmount();
    }
  });
});

describe('Reports (admins)', () => {
  it('shows each report with its reason', async () => {
    renderApp('/dashboard/report', { as: admin });
    const report = reports[0]!;
    const card = (await screen.findByRole('heading', { name: report.MobileName })).closest('li')!;
    expect(within(card).getByText(`Reason: ${report.Report}`)).toBeInTheDocument();
    expect(within(card).getByText('Status: Open')).toBeInTheDocument();
  });

  it('says so when there is nothing to review', async () => {
    renderApp('/dashboard/report', { as: admin, seed: (store) => (store.reports = []) });
    expect(await screen.findByText('No reports. Nothing to review.')).toBeInTheDocument();
  });
});
