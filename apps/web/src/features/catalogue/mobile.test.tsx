import { safeDealWords } from '@recell/api';
import { demoAccounts, mobiles } from '@recell/api/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { imeiChecks, withImeiCheck, withoutImei } from '../../testing/imei-checks';
import { renderApp } from '../../testing/render-app';

const s21 = mobiles.find((mobile) => mobile._id === 'm-samsung-s21')!;
const soldPhone = mobiles.find((mobile) => mobile.stock === 0)!;
const path = `/mobile/${s21._id}`;
const loginHere = `/login?from=${encodeURIComponent(path)}`;

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('listing detail page', () => {
  it('shows a buyer the phone: price and condition, every fact, the Verified seller, and the actions', async () => {
    renderApp(path, { as: demoAccounts.buyer });
    expect(await screen.findByRole('heading', { level: 1, name: s21.title })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: s21.title })).toHaveAttribute('src', s21.picture);
    expect(screen.getByText(`$${s21.resale_price}`)).toBeInTheDocument();
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
    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Book ${s21.title}` })).toBeEnabled();
    expect(screen.getByRole('button', { name: `Add To Cart: ${s21.title}` })).toBeEnabled();
    expect(screen.getByRole('button', { name: `Report ${s21.title}` })).toBeEnabled();
    await waitFor(() => expect(document.title).toBe(`${s21.title} | ReCell`));
  });

  it('says the protection beside Book, and its link explains a safe deal', async () => {
    const { user, currentPath } = renderApp(path, { as: demoAccounts.buyer });
    const book = await screen.findByRole('button', { name: `Book ${s21.title}` });
    const bar = book.closest('div')!.parentElement!;
    expect(bar).toHaveTextContent(safeDealWords.short());
    // Report is there, but not in the bar beside Book
    expect(within(bar).queryByRole('button', { name: `Report ${s21.title}` })).not.toBeInTheDocument();
    await user.click(within(bar).getByRole('link', { name: 'How a safe deal works' }));
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
    for (const name of [`Add To Cart: ${s21.title}`, `Report ${s21.title}`])
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', loginHere);
    await user.click(screen.getByRole('link', { name: `Book ${s21.title}` }));
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
