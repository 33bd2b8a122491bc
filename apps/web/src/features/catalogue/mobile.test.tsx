import { safeDealWords } from '@recell/api';
import { demoAccounts, mobiles } from '@recell/api/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { imeiChecks, withImeiCheck, withoutImei } from '../../testing/imei-checks';
import { renderApp } from '../../testing/render-app';

const s21 = mobiles.find((mobile) => mobile._id === 'm-samsung-s21')!;
const soldPhone = mobiles.find((mobile) => mobile.stock === 0)!;
/** In stock, and the demo buyer has no booking of it (they have an unpaid one of the S21). */
const a54 = mobiles.find((mobile) => mobile._id === 'm-samsung-a54')!;
const path = `/mobile/${s21._id}`;
const loginHere = `/login?from=${encodeURIComponent(path)}`;

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('listing detail page', () => {
  it('shows a buyer the phone: price and condition, every fact, the Verified seller, and the actions', async () => {
    renderApp(path, { as: demoAccounts.buyer });
    expect(await screen.findByRole('heading', { level: 1, name: s21.title })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: s21.title })).toHaveAttribute('src', s21.picture);
    // said once to a screen reader: the bar's copy of the price is for the eye only
    expect(screen.getByText('Price:').parentElement).toHaveTextContent(`Price: $${s21.resale_price}`);
    expect(screen.getByText('Condition:').textContent).toBe(`Condition: ${s21.condition}`);
    expect(fact('Years of use')).toHaveTextContent(String(s21.Year_of_uses));
    expect(fact('Year of purchase')).toHaveTextContent(String(s21.Year_of_purchase));
    // the masked IMEI is shown, and read aloud as its last four digits
    expect(fact('IMEI')).toHaveTextContent(`${s21.imeiMasked}ending in ${s21.imeiMasked!.slice(-4)}`);
    expect(fact('Seller')).toHaveTextContent(`${s21.Seller_name}Verified`);
    // booked but not held: the seller's number stays private (docs/decisions.md)
    expect(fact("Seller's number")).toHaveTextContent('Shows here once your card is held for this phone');
    expect(screen.queryByText(s21.number_of_seller)).not.toBeInTheDocument();
    expect(fact('Posted').querySelector('time')).toHaveAttribute('datetime', s21.the_time_it_posted);
    expect(fact('Location')).toHaveTextContent(s21.location);
    expect(screen.getByText(s21.details)).toBeInTheDocument();
    // the demo buyer booked this phone and has not paid: said instead of "Available", with the one next step
    expect(await screen.findByText('Booked by you, not paid')).toBeInTheDocument();
    expect(screen.queryByText('Available')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Book ${s21.title}` })).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: `Pay to hold $${s21.resale_price} for ${s21.title}` }),
    ).toHaveAttribute('href', '/dashboard/payment/b-demo-unpaid');
    expect(screen.getByRole('button', { name: `Add To Cart: ${s21.title}` })).toBeEnabled();
    expect(screen.getByRole('button', { name: `Report ${s21.title}` })).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Ask the seller' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${s21.title} | ReCell`));
  });

  it('offers Book on a phone the buyer has not booked, and booking goes straight on to holding the card', async () => {
    const { user, currentPath } = renderApp(`/mobile/${a54._id}`, { as: demoAccounts.buyer });
    const book = await screen.findByRole('button', { name: `Book ${a54.title}` });
    expect(screen.getByText('Available')).toBeInTheDocument();
    await user.click(book);
    const dialog = await screen.findByRole('dialog', { name: a54.title });
    await user.type(within(dialog).getByLabelText('Phone'), '+880 1700 000000');
    await user.type(within(dialog).getByLabelText('Meeting location'), 'Banani');
    await user.click(within(dialog).getByRole('button', { name: 'Book to meet the seller' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: `Payment For ${a54.title}` }),
    ).toBeInTheDocument();
    expect(currentPath()).toMatch(/^\/dashboard\/payment\/\S+$/);
    expect(screen.getByRole('button', { name: `Hold $${a54.resale_price}` })).toBeInTheDocument();
  });

  it('says the protection under Book, and its link explains a safe deal', async () => {
    const { user, currentPath } = renderApp(`/mobile/${a54._id}`, { as: demoAccounts.buyer });
    const book = await screen.findByRole('button', { name: `Book ${a54.title}` });
    // the bar at the screen's foot holds the price and Book only: Report and the words are in the page
    const bar = book.closest('div')!;
    expect(bar).toHaveTextContent(`$${a54.resale_price}Book`);
    expect(within(bar).queryByRole('button', { name: `Report ${a54.title}` })).not.toBeInTheDocument();
    const note = screen.getByText(safeDealWords.short(), { exact: false });
    await user.click(within(note).getByRole('link', { name: 'How a safe deal works' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How a safe deal works' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/safe-deal');
    await waitFor(() => expect(document.title).toBe('How a safe deal works | ReCell'));
  });

  it("shows the buyer whose card is held for the phone the seller's number, to call at the meetup", async () => {
    const heldPhone = mobiles.find((mobile) => mobile._id === 'm-apple-iphone-14-pro')!;
    renderApp(`/mobile/${heldPhone._id}`, { as: demoAccounts.buyer });
    await screen.findByRole('heading', { level: 1, name: heldPhone.title });
    expect(
      within(fact("Seller's number")).getByRole('link', { name: heldPhone.number_of_seller }),
    ).toHaveAttribute('href', `tel:${heldPhone.number_of_seller.replace(/[^+\d]/g, '')}`);
    // where the deal stands, and its next step: the code, in My Orders
    expect(await screen.findByText('Your card is held')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Your handover code for ${heldPhone.title}` })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it("shows another seller no seller's number, and the listing's own seller theirs", async () => {
    const { unmount } = renderApp(path, { as: demoAccounts.seller });
    await screen.findByRole('heading', { level: 1, name: s21.title });
    expect(
      within(fact("Seller's number")).getByRole('link', { name: s21.number_of_seller }),
    ).toBeInTheDocument();
    unmount();
    const theirs = mobiles.find((mobile) => mobile.email !== demoAccounts.seller.email)!;
    renderApp(`/mobile/${theirs._id}`, { as: demoAccounts.seller });
    await screen.findByRole('heading', { level: 1, name: theirs.title });
    expect(screen.queryByText(theirs.number_of_seller)).not.toBeInTheDocument();
  });

  it.each([
    [
      'matchClean',
      'IMEI matches Samsung Galaxy S21.',
      "IMEI clean in ReCell's registry, checked 3 hours ago.",
    ],
    [
      'mismatch',
      'IMEI does not match the listed model.',
      "IMEI clean in ReCell's registry, checked 3 hours ago.",
    ],
    ['unknown', 'IMEI model not yet known.', "IMEI clean in ReCell's registry, checked 3 hours ago."],
    [
      'blocked',
      'IMEI matches Samsung Galaxy S21.',
      "IMEI reported stolen or blocked in ReCell's registry, checked 3 hours ago.",
    ],
    [
      'notChecked',
      'IMEI matches Samsung Galaxy S21.',
      'IMEI not checked yet: the device-status check did not answer; it is checked again later.',
    ],
  ] as const)('tells a visitor in words what the IMEI says: %s', async (outcome, model, device) => {
    renderApp(path, { seed: withImeiCheck(s21._id, imeiChecks[outcome]()) });
    await screen.findByRole('heading', { level: 1, name: s21.title });
    expect(fact('IMEI check')).toHaveTextContent(`${model}${device}`);
  });

  it('calls a listing taken off sale for a blocked IMEI withdrawn, not sold', async () => {
    renderApp(path, {
      as: demoAccounts.buyer,
      seed: (store) => {
        withImeiCheck(s21._id, imeiChecks.blocked())(store);
        const listing = store.mobiles.find((mobile) => mobile._id === s21._id);
        if (listing) listing.stock = 0;
      },
    });
    await screen.findByRole('heading', { level: 1, name: s21.title });
    expect(screen.getByText('Withdrawn')).toBeVisible();
    expect(screen.getByText(/This listing is withdrawn: its IMEI is reported lost or stolen/)).toBeVisible();
    expect(screen.queryByText('Sold')).not.toBeInTheDocument();
    expect(screen.queryByText(/This phone is sold/)).not.toBeInTheDocument();
  });

  it("says a seed phone's IMEI names its model, as the server's seed does", async () => {
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: s21.title });
    expect(fact('IMEI check')).toHaveTextContent('IMEI matches Samsung Galaxy S21.');
  });

  it('says nothing of an IMEI check for a listing that has none', async () => {
    renderApp(path, { as: demoAccounts.buyer, seed: withoutImei(s21._id) });
    await screen.findByRole('heading', { level: 1, name: s21.title });
    expect(screen.queryByText('IMEI check', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText('IMEI', { selector: 'dt' })).toBeNull();
  });

  it("opens from a category card's title", async () => {
    const { user, currentPath } = renderApp('/category/02', { as: demoAccounts.buyer });
    await user.click(await screen.findByRole('link', { name: s21.title }));
    expect(await screen.findByRole('heading', { level: 1, name: s21.title })).toBeInTheDocument();
    expect(currentPath()).toBe(path);
  });

  it("opens from an advertised card's title on the home page, for a visitor too", async () => {
    const advertised = mobiles.find((mobile) => mobile.advertised && mobile.stock > 0)!;
    const { user, currentPath } = renderApp('/');
    const section = within(await screen.findByRole('region', { name: 'Advertisement' }));
    await user.click(await section.findByRole('link', { name: advertised.title }));
    expect(await screen.findByRole('heading', { level: 1, name: advertised.title })).toBeInTheDocument();
    expect(currentPath()).toBe(`/mobile/${advertised._id}`);
  });

  it("leads a visitor from the seller's name to the seller's public profile", async () => {
    const { user, currentPath } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: s21.title })).toBeInTheDocument();
    await user.click(within(fact('Seller')).getByRole('link', { name: s21.Seller_name }));
    expect(await screen.findByRole('heading', { level: 1, name: s21.Seller_name })).toBeInTheDocument();
    expect(currentPath()).toBe(`/seller/${s21.sellerId}`);
  });

  it("shows a visitor the phone without the seller's number, and sends the actions to log in and back", async () => {
    const { user, currentPath } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: s21.title })).toBeInTheDocument();
    expect(screen.queryByText(s21.number_of_seller)).not.toBeInTheDocument();
    expect(fact("Seller's number")).toHaveTextContent('Shows here once your card is held for this phone');
    expect(screen.queryByRole('button', { name: /^Book / })).not.toBeInTheDocument();
    // the same safe-deal line a buyer reads, and asking is offered too
    expect(screen.getByText(safeDealWords.short(), { exact: false })).toBeInTheDocument();
    for (const name of [
      `Log in to ask the seller about ${s21.title}`,
      `Add To Cart: ${s21.title}`,
      `Report ${s21.title}`,
    ])
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', loginHere);
    await user.click(screen.getByRole('link', { name: `Log in to book ${s21.title}` }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe(loginHere);
  });

  it('says a sold phone is sold and does not let it be booked or added to the cart', async () => {
    renderApp(`/mobile/${soldPhone._id}`, { as: demoAccounts.buyer });
    expect(await screen.findByRole('heading', { level: 1, name: soldPhone.title })).toBeInTheDocument();
    expect(screen.getByText('Sold')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Book ${soldPhone.title}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: `Add To Cart: ${soldPhone.title}` })).toBeDisabled();
  });

  it('shows sellers no buyer actions', async () => {
    renderApp(path, { as: demoAccounts.seller });
    await screen.findByRole('heading', { level: 1, name: s21.title });
    expect(screen.queryByRole('button', { name: /^(Book|Report) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^(Book|Report) / })).not.toBeInTheDocument();
  });

  it('says "Phone not found" when the listing is gone', async () => {
    renderApp('/mobile/m-no-such-phone', { as: demoAccounts.buyer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Phone not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See other phones' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Phone not found | ReCell'));
  });

  it('offers Try again after another failure, and shows the phone when it then loads', async () => {
    // down until the failure is on screen: the route's early request and the screen's own alike
    let down = true;
    const { user } = renderApp(path, {
      as: demoAccounts.buyer,
      handlers: [
        http.get('*/api/mobile/:id', () =>
          down ? HttpResponse.json({ message: 'Database is busy' }, { status: 503 }) : undefined,
        ),
      ],
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Could not load the phone' });
    const alert = heading.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('Database is busy');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: s21.title })).toBeInTheDocument();
  });
});
