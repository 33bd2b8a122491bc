import { demoAccounts, mobiles } from '@recell/api/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findAlert, findStatus } from '../../testing/alerts';
import { renderApp } from '../../testing/render-app';

const samsung = mobiles.filter((mobile) => mobile.category_id === '02');
const s21 = samsung.find((mobile) => mobile._id === 'm-samsung-s21')!;
const soldXiaomi = mobiles.find((mobile) => mobile.category_id === '01' && mobile.stock === 0)!;

const card = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('li')!;

describe('category page', () => {
  it('shows one compact card per phone: what a buyer compares, positive marks only, and the way to the listing', async () => {
    renderApp('/category/02', { as: demoAccounts.buyer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Samsung phones' })).toBeInTheDocument();
    for (const phone of samsung)
      expect(await screen.findByRole('heading', { name: phone.title })).toBeInTheDocument();
    const s21Card = within(await card(s21.title));
    const facts = s21Card
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Condition', s21.condition],
      // storage, colour and battery health in one line
      ['Phone', `${s21.storageGb} GB, ${s21.colour}, battery ${s21.batteryHealth}%`],
      ['Age', `Used ${s21.Year_of_uses} years, bought ${s21.Year_of_purchase}`],
      ['Location', s21.location],
    ]);
    // the seller's rating where buyers compare: one review in the seed is a "New seller"
    expect(s21Card.getByText('New seller')).toBeInTheDocument();
    expect(s21Card.getByText(`$${s21.resale_price}`)).toBeInTheDocument();
    expect(s21Card.getByRole('img', { name: s21.title })).toHaveAttribute('src', s21.picture);
    expect(s21Card.getByRole('link', { name: s21.title })).toHaveAttribute('href', `/mobile/${s21._id}`);
    expect(s21Card.getByText('Available')).toBeInTheDocument();
    expect(s21Card.getByText('Verified', { selector: 'span' })).toBeInTheDocument();
    // never the seller's number on a card (docs/decisions.md), never the details or the booking reference
    expect(s21Card.queryByText(s21.number_of_seller)).not.toBeInTheDocument();
    expect(s21Card.queryByText(s21.details)).not.toBeInTheDocument();
    // a seller who is not verified gets no mark at all, not "Verified: No"
    const unverified = samsung.find((phone) => !phone.Verified)!;
    const plain = within(await card(unverified.title));
    expect(plain.queryByText('Verified')).not.toBeInTheDocument();
    expect(plain.queryByText('No')).not.toBeInTheDocument();
    expect(document.title).toBe('Samsung phones | ReCell');
  });

  it("loads the first card's picture at once (the page's largest paint) and the others lazily", async () => {
    renderApp('/category/02', { as: demoAccounts.buyer });
    await card(s21.title);
    const pictures = within(screen.getByRole('list', { name: 'Samsung phones' })).getAllByRole('img');
    expect(pictures.length).toBeGreaterThan(1);
    const [first, ...rest] = pictures;
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    for (const picture of rest) {
      expect(picture).toHaveAttribute('loading', 'lazy');
      expect(picture).not.toHaveAttribute('fetchpriority');
    }
  });

  it('marks a phone with no stock as Sold and does not let it be booked', async () => {
    renderApp('/category/01', { as: demoAccounts.buyer });
    const sold = within(await card(soldXiaomi.title));
    expect(sold.getByText('Sold')).toBeInTheDocument();
    expect(sold.getByRole('button', { name: `Book ${soldXiaomi.title}` })).toBeDisabled();
  });

  it('shows Book, Add To Cart and Report to buyers, and none of them to sellers', async () => {
    renderApp('/category/02', { as: demoAccounts.buyer });
    const buyerCard = within(await card(s21.title));
    expect(buyerCard.getByRole('button', { name: `Book ${s21.title}` })).toBeInTheDocument();
    expect(buyerCard.getByRole('button', { name: `Add To Cart: ${s21.title}` })).toBeInTheDocument();
    expect(buyerCard.getByRole('button', { name: `Report ${s21.title}` })).toBeInTheDocument();
  });

  it('hides the buyer actions from sellers', async () => {
    renderApp('/category/02', { as: demoAccounts.seller });
    await card(s21.title);
    expect(screen.queryByRole('button', { name: /^(Book|Report) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add To Cart/ })).not.toBeInTheDocument();
  });

  it("adds to the cart ('Added to cart Confirmed') and reports ('Report Submitted')", async () => {
    const { user, mockStore } = renderApp('/category/02', { as: demoAccounts.buyer });
    const s21Card = within(await card(s21.title));
    await user.click(s21Card.getByRole('button', { name: `Add To Cart: ${s21.title}` }));
    await findStatus('Added to cart Confirmed');
    await user.click(s21Card.getByRole('button', { name: `Report ${s21.title}` }));
    const dialog = await screen.findByRole('dialog', { name: `Report ${s21.title}` });
    // No reason is chosen for the person: sending without one asks for it, and files nothing.
    const reports = mockStore.reports.length;
    expect(within(dialog).getByRole('button', { name: /Choose a reason/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    // the placeholder, and now the error under the field
    await waitFor(() => expect(within(dialog).getAllByText('Choose a reason')).toHaveLength(2));
    expect(mockStore.reports).toHaveLength(reports);
    await user.click(within(dialog).getByRole('button', { name: /Choose a reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Fake listing' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note (optional)' }),
      'Pictures are from a shop',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await findStatus('Report Submitted');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mockStore.reports.at(-1)).toMatchObject({
      mobileId: s21._id,
      Report: 'Fake listing: Pictures are from a shop',
    });
  });

  it("shows the server's message in a toast when booking fails", async () => {
    const { user } = renderApp('/category/02', {
      as: demoAccounts.buyer,
      handlers: [
        http.post('*/api/bookings', () =>
          HttpResponse.json({ message: 'This phone is sold out', code: 'sold_out' }, { status: 409 }),
        ),
      ],
    });
    await user.click(await screen.findByRole('button', { name: `Book ${s21.title}` }));
    const dialog = await screen.findByRole('dialog', { name: s21.title });
    await user.type(within(dialog).getByLabelText('Phone'), '+880 1700 000000');
    await user.type(within(dialog).getByLabelText('Meeting location'), 'Banani');
    await user.click(within(dialog).getByRole('button', { name: 'Book to meet the seller' }));
    await findAlert('This phone is sold out');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("shows a failure in place, with the server's message, not the error page", async () => {
    renderApp('/category/02', {
      as: demoAccounts.buyer,
      handlers: [
        http.get('*/api/mobiles/:id', () => HttpResponse.json({ message: 'Nope' }, { status: 403 })),
      ],
    });
    await findAlert('Could not load Samsung phones');
    expect(screen.getByText('Nope')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Error 404/ })).not.toBeInTheDocument();
  });

  it('shows the error page for a category that does not exist', async () => {
    renderApp('/category/99', { as: demoAccounts.buyer });
    expect(screen.getByText('Error: Not Found')).toBeInTheDocument();
  });
});
