import type { Report, User } from '@recell/api';
import { demoAccounts, mobiles, otherSeller, users } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findStatus } from '../../testing/alerts';
import {
  poco,
  reportOn,
  s21,
  seedAuditLog,
  seedModerationQueue,
  seedReviewReports,
} from '../../testing/moderation';
import { renderApp } from '../../testing/render-app';
import { groupByListing } from './components/ReportsPage';
import { splitReason } from './report-reason';

const { admin, buyer, seller } = demoAccounts;

const tanvirs = mobiles.find((mobile) => mobile.email === otherSeller.email)!;
const queue = seedModerationQueue;

const card = async (name: string) =>
  within((await screen.findByRole('heading', { level: 2, name })).closest('li')!);

describe('All Users (admins)', () => {
  it('lists every user with their role and, for sellers, Verified; no Delete or Verify for admins', async () => {
    renderApp('/dashboard/users', { as: admin });
    for (const user of users)
      expect(await screen.findByRole('cell', { name: user.email })).toBeInTheDocument();
    const row = (email: string) => within(screen.getByRole('cell', { name: email }).closest('tr')!);
    expect(row(admin.email).queryByRole('button')).not.toBeInTheDocument();
    expect(row(admin.email).getByRole('cell', { name: 'Admin' })).toBeInTheDocument();
    expect(row(buyer.email).getByRole('cell', { name: 'Not a seller' })).toBeInTheDocument();
    expect(row(buyer.email).queryByRole('button', { name: /verify/i })).not.toBeInTheDocument();
    expect(row(seller.email).getByRole('cell', { name: 'Verified' })).toBeInTheDocument();
    expect(row(seller.email).getByRole('button', { name: `Unverify ${seller.name}` })).toBeInTheDocument();
    expect(row(otherSeller.email).getByRole('cell', { name: 'Not verified' })).toBeInTheDocument();
    expect(
      row(otherSeller.email).getByRole('button', { name: `Verify ${otherSeller.name}` }),
    ).toHaveTextContent('Verify');
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

  it('asks to sign in again when the server wants a recent sign-in, and comes back here after it', async () => {
    const { user, mockStore, currentPath } = renderApp('/dashboard/users', {
      as: admin,
      handlers: [
        http.delete('*/api/users/:id', () =>
          HttpResponse.json(
            { message: 'Please sign in again to do this', code: 'recent_sign_in_required' },
            { status: 403 },
          ),
        ),
      ],
    });
    await user.click(await screen.findByRole('button', { name: `Delete ${buyer.name}` }));
    await user.click(
      within(screen.getByRole('dialog', { name: `Delete ${buyer.name}?` })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const prompt = await screen.findByRole('dialog', { name: 'Sign in again to continue' });
    expect(mockStore.users.some((row) => row._id === buyer._id)).toBe(true);
    // Not now: the prompt goes, and the question it answered is still there, signed in where they were
    await user.click(within(prompt).getByRole('button', { name: 'Not now' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sign in again to continue' })).toBeNull(),
    );
    expect(currentPath()).toBe('/dashboard/users');
    await user.click(
      within(screen.getByRole('dialog', { name: `Delete ${buyer.name}?` })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sign in again to continue' })).getByRole('button', {
        name: 'Sign in again',
      }),
    );
    await waitFor(() => expect(currentPath()).toBe(`/login?from=${encodeURIComponent('/dashboard/users')}`));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('verifies a seller: the button turns to Unverify, and their listing shows the Verified badge', async () => {
    const { user, mockStore, location } = renderApp('/dashboard/users', { as: admin });
    const verify = await screen.findByRole('button', { name: `Verify ${otherSeller.name}` });
    await user.click(verify);
    await findStatus(`${otherSeller.name} is verified`);
    const unverify = await screen.findByRole('button', { name: `Unverify ${otherSeller.name}` });
    // the same button, so focus stays where the admin pressed
    expect(unverify).toBe(verify);
    expect(mockStore.users.find((u) => u._id === otherSeller._id)?.verified).toBe(true);

    act(() => location.navigate(`/mobile/${tanvirs._id}`));
    await screen.findByRole('heading', { level: 1, name: tanvirs.title });
    const sellerFact = screen.getByText('Seller', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(sellerFact).toHaveTextContent(`${tanvirs.Seller_name}Verified`);
  });

  it('unverifies a seller (the badge goes)', async () => {
    const { user, mockStore } = renderApp('/dashboard/users', { as: admin });
    await user.click(await screen.findByRole('button', { name: `Unverify ${seller.name}` }));
    await findStatus(`${seller.name} is no longer verified`);
    expect(await screen.findByRole('button', { name: `Verify ${seller.name}` })).toBeInTheDocument();
    expect(mockStore.mobiles.filter((m) => m.email === seller.email).every((m) => !m.Verified)).toBe(true);
  });

  it('filters by role in the URL, and a new filter starts at page 1', async () => {
    const many: User[] = Array.from({ length: 25 }, (_, i) => ({
      _id: `u-extra-${i + 1}`,
      name: `Extra buyer ${i + 1}`,
      email: `extra-${i + 1}@recell.test`,
      role: 'buyer',
      verified: false,
    }));
    const { user, currentPath } = renderApp('/dashboard/users?page=2', {
      as: admin,
      seed: (store) => store.users.push(...many),
    });
    // 4 fixture users and 25 more, newest first: page 2 holds the oldest 9
    expect(await screen.findByRole('cell', { name: 'Extra buyer 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: /Role$/ }));
    await user.click(screen.getByRole('option', { name: 'Sellers' }));
    expect(currentPath()).toBe('/dashboard/users?role=seller');
    expect(await screen.findByRole('cell', { name: otherSeller.email })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it("checks an email's role (getAdminStatus and getSellerStatus), and refuses what is no email", async () => {
    const { user } = renderApp('/dashboard/users', { as: admin });
    const lookup = within(await screen.findByRole('region', { name: 'Check an email' }));
    const check = async (email: string) => {
      await user.clear(lookup.getByRole('textbox', { name: 'Email' }));
      if (email) await user.type(lookup.getByRole('textbox', { name: 'Email' }), email);
      await user.click(lookup.getByRole('button', { name: 'Check role' }));
    };
    await check(seller.email);
    expect(await lookup.findByText(`${seller.email}: a seller`)).toBeInTheDocument();
    await check(admin.email.toUpperCase());
    expect(await lookup.findByText(`${admin.email}: an admin`)).toBeInTheDocument();
    await check(buyer.email);
    expect(
      await lookup.findByText(`${buyer.email}: not an admin or a seller (a buyer, or no account)`),
    ).toBeInTheDocument();
    await check('not an email');
    expect(lookup.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter an email address, like name@example.com',
    );
  });

  it('shows the side menu of an admin, with the audit log', async () => {
    renderApp('/dashboard/users', { as: admin });
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'My Orders',
      'Cart',
      'All Users',
      'Report',
      'Audit log',
      'IMEI registry',
      'Meetup spots',
      'Claims',
      'Payouts',
      'Demo mail',
      'Messages',
      'Notifications',
      'Sign-in security',
    ]);
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

describe('groupByListing and splitReason', () => {
  it("groups a page's reports by listing, in the order the listings were last reported", () => {
    const store = { reports: [] as Report[] } as unknown as MockStore;
    queue(store);
    const newestFirst = [...store.reports].reverse();
    expect(groupByListing(newestFirst).map((group) => [group.name, group.reports.map((r) => r._id)])).toEqual(
      [
        [poco.title, ['r-poco-2', 'r-poco-1']],
        [s21.title, ['r-s21-1']],
      ],
    );
  });

  it("reads the report dialog's 'Reason: note', and keeps any other text whole", () => {
    expect(splitReason('Fake listing: Same pictures: as a shop')).toEqual({
      reason: 'Fake listing',
      note: 'Same pictures: as a shop',
    });
    expect(splitReason('This is fake')).toEqual({ reason: 'This is fake' });
  });
});

describe('Moderation queue (admins)', () => {
  it('shows open reports grouped by listing: count, reasons, notes, reporters, when, and a link', async () => {
    renderApp('/dashboard/report', { as: admin, seed: queue });
    const pocoCard = await card(poco.title);
    expect(pocoCard.getByText('2 reports')).toBeInTheDocument();
    expect(pocoCard.getByRole('link', { name: poco.title })).toHaveAttribute('href', `/mobile/${poco._id}`);
    const reports = pocoCard.getAllByRole('listitem').map((item) => item.textContent);
    expect(reports[0]).toContain('Reason: This is fake');
    expect(reports[0]).toContain('By other@recell.test');
    expect(reports[1]).toContain('Reason: Fake listing');
    expect(reports[1]).toContain('Note: Same pictures as a shop listing');
    expect(reports[1]).toContain(`By ${buyer.email}`);
    expect(pocoCard.getAllByRole('listitem')[0]!.querySelector('time')).toHaveAttribute(
      'datetime',
      '2029-12-31T23:59:00.000Z',
    );
    expect((await card(s21.title)).getByText('1 report')).toBeInTheDocument();
    expect(document.title).toBe('Reports | ReCell');
  });

  it('dismisses every open report on a listing after confirming; Cancel changes nothing', async () => {
    const { user, mockStore } = renderApp('/dashboard/report', { as: admin, seed: queue });
    const dismiss = (await card(poco.title)).getByRole('button', {
      name: `Dismiss reports on ${poco.title}`,
    });

    await user.click(dismiss);
    let dialog = screen.getByRole('dialog', { name: `Dismiss 2 reports on ${poco.title}?` });
    expect(dialog).toHaveTextContent('The listing stays up.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mockStore.reports.every((report) => report.status === 'open')).toBe(true);
    expect(mockStore.audit).toEqual([]);

    await user.click(dismiss);
    dialog = screen.getByRole('dialog', { name: `Dismiss 2 reports on ${poco.title}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await findStatus('Reports dismissed');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: poco.title })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 2, name: s21.title })).toBeInTheDocument();
    const statuses = Object.fromEntries(mockStore.reports.map((report) => [report._id, report.status]));
    expect(statuses).toEqual({ 'r-poco-1': 'dismissed', 'r-poco-2': 'dismissed', 'r-s21-1': 'open' });
    expect(mockStore.mobiles.some((mobile) => mobile._id === poco._id)).toBe(true);
    // the card left with the button the dialog came from: focus is on the page's heading
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toHaveFocus());
  });

  it('removes a listing after confirming: it goes, its unpaid bookings are cancelled, its reports close', async () => {
    const { user, mockStore } = renderApp('/dashboard/report', { as: admin, seed: queue });
    await user.click((await card(s21.title)).getByRole('button', { name: `Remove listing ${s21.title}` }));
    let dialog = screen.getByRole('dialog', { name: `Remove ${s21.title}?` });
    expect(dialog).toHaveTextContent('Its unpaid bookings are cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mockStore.mobiles.some((mobile) => mobile._id === s21._id)).toBe(true);

    await user.click(screen.getByRole('button', { name: `Remove listing ${s21.title}` }));
    dialog = screen.getByRole('dialog', { name: `Remove ${s21.title}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Remove listing' }));
    await findStatus('Listing removed');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: s21.title })).not.toBeInTheDocument(),
    );
    expect(mockStore.mobiles.some((mobile) => mobile._id === s21._id)).toBe(false);
    expect(mockStore.reports.find((report) => report._id === 'r-s21-1')?.status).toBe('removed');
    const unpaid = mockStore.bookings.filter((booking) => booking.mobileId === s21._id && !booking.paid);
    expect(unpaid.length).toBeGreaterThan(0);
    expect(unpaid.every((booking) => booking.cancelled)).toBe(true);
  });

  it('finds resolved reports under the status filter, kept in the URL with the page', async () => {
    const { user, currentPath } = renderApp('/dashboard/report', {
      as: admin,
      seed: (store) => {
        queue(store);
        store.reports[0]!.status = 'dismissed';
        store.reports[1]!.status = 'removed';
      },
    });
    // the open queue: only the Poco's second report
    expect((await card(poco.title)).getByText('1 report')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: s21.title })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Status$/ }));
    await user.click(screen.getByRole('option', { name: 'Removed' }));
    expect(currentPath()).toBe('/dashboard/report?status=removed');
    const removed = await card(s21.title);
    expect(removed.getByText('Status: Listing removed')).toBeInTheDocument();
    // a removed listing has no page to link to, and nothing left to resolve
    expect(removed.queryByRole('link')).not.toBeInTheDocument();
    expect(removed.queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Status$/ }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    expect(currentPath()).toBe('/dashboard/report?status=all');
    expect((await card(poco.title)).getByText('2 reports')).toBeInTheDocument();
    expect(screen.getByText('Status: Dismissed')).toBeInTheDocument();
  });

  it('says so when there is nothing to review, and when a filter finds nothing', async () => {
    renderApp('/dashboard/report', { as: admin, seed: (store) => (store.reports = []) });
    expect(await screen.findByText('No reports. Nothing to review.')).toBeInTheDocument();
  });

  it('pages the queue; changing the filter goes back to page 1', async () => {
    const { user, currentPath } = renderApp('/dashboard/report?page=2', {
      as: admin,
      seed: (store) => {
        store.reports = Array.from({ length: 55 }, (_, i) =>
          reportOn({ _id: `m-extra-${i + 1}`, title: `Reported phone ${i + 1}` }, `r-extra-${i + 1}`, i),
        );
      },
    });
    // 50 a page, newest first: page 2 holds the 5 oldest
    expect(await screen.findByRole('heading', { level: 2, name: 'Reported phone 55' })).toBeInTheDocument();
    const listed = screen.getByRole('list', { name: 'Reported listings' });
    expect(within(listed).getAllByRole('heading', { level: 2 })).toHaveLength(5);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pages).getByRole('link', { name: 'Previous page' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Reported phone 1' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard/report');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Page 2' }),
    );
    expect(currentPath()).toBe('/dashboard/report?page=2');
    await user.click(screen.getByRole('button', { name: /Status$/ }));
    await user.click(screen.getByRole('option', { name: 'Dismissed' }));
    expect(currentPath()).toBe('/dashboard/report?status=dismissed');
    expect(await screen.findByText('No dismissed reports.')).toBeInTheDocument();
  });
});

describe('Review queue (admins)', () => {
  const ofSeller = `${buyer.name}'s review of ${seller.name}`;
  const ofBuyer = `${seller.name}'s review of ${buyer.name}`;

  it('sits beside the listing reports: reported reviews, last reported first, each report and who made it', async () => {
    const { user, currentPath } = renderApp('/dashboard/report', { as: admin, seed: seedReviewReports });
    await user.click(await screen.findByRole('button', { name: /Reported$/ }));
    await user.click(screen.getByRole('option', { name: 'Reviews' }));
    expect(currentPath()).toBe('/dashboard/report?kind=reviews');
    await screen.findByRole('heading', { level: 1, name: 'Reported reviews' });
    const list = within(await screen.findByRole('list', { name: 'Reported reviews' }));
    const titles = list.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual([ofBuyer, ofSeller]);
    const reported = await card(ofSeller);
    expect(reported.getByRole('link', { name: ofSeller })).toHaveAttribute('href', `/seller/${seller._id}`);
    const report = within(reported.getByRole('list', { name: `Reports on ${ofSeller}` }));
    expect(report.getByText('Reason: Not what happened')).toBeInTheDocument();
    // what a person wrote is text, never markup
    expect(report.getByText('Note: <b>We met at 6</b>, not 7')).toBeInTheDocument();
    expect(report.getByText(new RegExp(`By ${seller.name}, whom it is about`))).toBeInTheDocument();
    expect(
      (await card(ofBuyer)).getByText(new RegExp(`By ${buyer.name}, whom it is about`)),
    ).toBeInTheDocument();
  });

  it('hides a review with a reason after asking: audited by name, it moves to Hidden, focus to the heading', async () => {
    const { user, mockStore } = renderApp('/dashboard/report?kind=reviews', {
      as: admin,
      seed: seedReviewReports,
    });
    await user.click((await card(ofSeller)).getByRole('button', { name: `Hide review: ${ofSeller}` }));
    const dialog = within(screen.getByRole('dialog', { name: `Hide ${ofSeller}?` }));
    // no reason, no hiding: the author reads it
    await user.click(dialog.getByRole('button', { name: 'Hide review' }));
    expect(dialog.getByText('Say which rule it breaks: its author reads this')).toBeInTheDocument();
    expect(mockStore.reviews.find((review) => review._id === 'rv-demo-of-seller')?.hidden).toBeUndefined();
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Personal details');
    await user.click(dialog.getByRole('button', { name: 'Hide review' }));
    await findStatus('Review hidden');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: ofSeller })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Reported reviews' })).toHaveFocus(),
    );
    expect(mockStore.reviews.find((review) => review._id === 'rv-demo-of-seller')?.hidden?.reason).toBe(
      'Personal details',
    );
    expect(mockStore.audit).toEqual([
      expect.objectContaining({ action: 'review.hide', target: 'rv-demo-of-seller', targetName: ofSeller }),
    ]);
    await user.click(screen.getByRole('button', { name: /Status$/ }));
    await user.click(screen.getByRole('option', { name: 'Hidden' }));
    const hidden = await card(ofSeller);
    expect(hidden.getByText(/: Personal details$/)).toBeInTheDocument();
    expect(hidden.queryByRole('button', { name: `Hide review: ${ofSeller}` })).not.toBeInTheDocument();
  });

  it('says so when nobody reported a review', async () => {
    renderApp('/dashboard/report?kind=reviews', { as: admin });
    expect(await screen.findByText('No reported reviews. Nothing to review.')).toBeInTheDocument();
  });
});

describe('Audit log (admins)', () => {
  it('shows the action just taken, newest first, in words', async () => {
    const { user, location } = renderApp('/dashboard/report', { as: admin, seed: queue });
    await user.click(
      (await card(poco.title)).getByRole('button', { name: `Dismiss reports on ${poco.title}` }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Dismiss' }));
    await findStatus('Reports dismissed');
    await user.click(screen.getByRole('button', { name: `Remove listing ${s21.title}` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove listing' }));
    await findStatus('Listing removed');

    act(() => location.navigate('/dashboard/auditLog'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(document.title).toBe('Audit log | ReCell');
    const rows = (await screen.findAllByRole('row')).slice(1).map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      // the listing's model, then the report's id
      [admin.email, 'Removed a reported listing', `${s21.title} Report r-s21-1`],
      // the Poco's reports were dismissed newest first: its older report was dismissed last
      [admin.email, 'Dismissed a report', `${poco.title} Report r-poco-1`],
      [admin.email, 'Dismissed a report', `${poco.title} Report r-poco-2`],
    ]);
  });

  it('pages the log', async () => {
    const { user, currentPath } = renderApp('/dashboard/auditLog', {
      as: admin,
      seed: (store) => seedAuditLog(store, 23),
    });
    expect(
      await screen.findByRole('cell', { name: 'Samsung Galaxy S21 Report r-extra-1' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(21);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Next page' }),
    );
    expect(await screen.findByRole('cell', { name: 'Seller 23 User u-extra-23' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(currentPath()).toBe('/dashboard/auditLog?page=2');
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toHaveFocus();
  });

  it('says so when no admin has acted yet', async () => {
    renderApp('/dashboard/auditLog', { as: admin });
    expect(await screen.findByText('No admin actions yet.')).toBeInTheDocument();
  });
});

describe('IMEI registry (admins)', () => {
  const imei = '002021010000010';
  const seedImei = (store: MockStore) => {
    store.imeis.set(s21._id, imei);
  };

  it("shows an IMEI's model, status and listings, and marks it stolen with a reason (audited)", async () => {
    const { user, location } = renderApp('/dashboard/imei', { as: admin, seed: seedImei });
    expect(await screen.findByRole('heading', { level: 1, name: 'IMEI registry' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('IMEI'), '00202101 0000010');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('TAC 00202101: Samsung Galaxy S21.')).toBeInTheDocument();
    expect(screen.getByText('No admin has marked this IMEI.')).toBeInTheDocument();
    const listing = within(screen.getByRole('link', { name: s21.title }).closest('tr')!);
    expect(listing.getByRole('cell', { name: s21.email })).toBeInTheDocument();
    expect(listing.getByRole('cell', { name: 'Yes' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark IMEI' }));
    expect(await screen.findByText(/Say why, in a few words/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason'), 'Reported stolen, police case 2211');
    await user.click(screen.getByRole('button', { name: 'Mark IMEI' }));
    await findStatus('IMEI marked stolen or blocked');
    expect(
      await screen.findByText(
        /^Marked stolen or blocked by admin@recell\.test .*: Reported stolen, police case 2211$/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/IMEI reported stolen or blocked in ReCell's registry/)).toBeInTheDocument();

    act(() => location.navigate('/dashboard/auditLog'));
    expect(await screen.findByRole('cell', { name: `IMEI ${imei}` })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Marked an IMEI stolen or blocked' })).toBeInTheDocument();
  });

  it('refuses what is not 15 digits before asking', async () => {
    const { user } = renderApp('/dashboard/imei', { as: admin });
    await user.type(await screen.findByLabelText('IMEI'), '12345');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('Enter the 15 digits of the IMEI')).toBeInTheDocument();
  });

  it("shows a TAC whose buyers' confirmations disagree, with the evidence, and confirms one model (audited)", async () => {
    const tac = '36999996';
    const seedDispute = (store: MockStore) => {
      for (const [model, by, hoursAgo] of [
        ['Galaxy S31', seller, 30],
        ['Galaxy S31 Ultra', otherSeller, 2],
      ] as const) {
        store.tacConfirmations.push({
          _id: store.nextId('tc'),
          tac,
          mobileId: s21._id,
          category_id: '02',
          title: `Samsung ${model}`,
          model,
          buyer_id: buyer._id,
          seller_id: by._id,
          buyerEmail: buyer.email,
          sellerEmail: by.email,
          buyer_phone: null,
          seller_phone: null,
          not_counted: null,
          confirmedAt: new Date(Date.now() - hoursAgo * 3600_000).toISOString(),
        });
      }
    };
    const { user, location } = renderApp('/dashboard/imei', { as: admin, seed: seedDispute });
    const dispute = within(await screen.findByRole('article', { name: `TAC ${tac}` }));
    const ultra = within(dispute.getByRole('link', { name: 'Samsung Galaxy S31 Ultra' }).closest('tr')!);
    expect(ultra.getByRole('cell', { name: otherSeller.email })).toBeInTheDocument();
    expect(ultra.getByRole('cell', { name: buyer.email })).toBeInTheDocument();
    await user.click(dispute.getByRole('button', { name: 'It is a Samsung Galaxy S31' }));
    await findStatus(`TAC ${tac} confirmed as Samsung Galaxy S31`);
    expect(await screen.findByText('No TAC is in dispute.')).toBeInTheDocument();

    act(() => location.navigate('/dashboard/auditLog'));
    expect(await screen.findByRole('cell', { name: "Confirmed a TAC's model" })).toBeInTheDocument();
  });
});
