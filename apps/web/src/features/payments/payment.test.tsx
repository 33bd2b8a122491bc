import { safeDealWords } from '@recell/api';
import { bookings, demoAccounts, mobiles } from '@recell/api/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findAlert, findStatusAndInline } from '../../testing/alerts';
import { heldPaymentIntent } from '../../testing/held-payment-intent';
import { renderApp } from '../../testing/render-app';

/** The card form's button names the amount it holds. */
const HOLD = /^Hold \$\d/;

const unpaid = bookings.find((booking) => !booking.paid)!;
const paid = bookings.find((booking) => booking.paid)!;
const path = `/dashboard/payment/${unpaid._id}`;

async function payWith(user: ReturnType<typeof renderApp>['user'], number: string) {
  await waitFor(() => expect(screen.getByRole('button', { name: HOLD })).toBeEnabled());
  await user.clear(screen.getByLabelText(/Name on card/));
  await user.type(screen.getByLabelText(/Name on card/), 'Ayesha Khan');
  await user.type(await screen.findByLabelText(/Card number/), number);
  await user.type(screen.getByLabelText(/Expiry/), '12/30');
  await user.type(screen.getByLabelText(/CVC/), '123');
  await waitFor(() => expect(screen.getByRole('button', { name: HOLD })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: HOLD }));
}

describe('payment', () => {
  it('shows what is paid for and how much', async () => {
    renderApp(path, { as: demoAccounts.buyer });
    expect(
      await screen.findByRole('heading', { name: `Payment For ${unpaid.MobileName}` }),
    ).toBeInTheDocument();
    expect(screen.getByText(`Please Pay $${unpaid.price}`)).toBeInTheDocument();
    expect(document.title).toBe('Payment | ReCell');
    // the order summary: the phone, its seller (from the listing), the price and the meeting place
    const summary = screen.getByRole('region', { name: 'Order summary' });
    const listing = mobiles.find((mobile) => mobile._id === unpaid.mobileId)!;
    expect(summary).toHaveTextContent(`Phone${unpaid.MobileName}`);
    expect(await within(summary).findByText(listing.Seller_name, { exact: false })).toBeInTheDocument();
    expect(summary).toHaveTextContent(`Price$${unpaid.price}`);
    expect(summary).toHaveTextContent(`Meeting place${unpaid.location}`);
    expect(summary.querySelector('img')).toHaveAttribute('src', unpaid.picture);
    // "Name on card" starts with the account's name
    expect(screen.getByLabelText(/Name on card/)).toHaveValue(demoAccounts.buyer.name);
  });

  it('shows the summary without a seller when the listing is gone', async () => {
    renderApp(path, {
      as: demoAccounts.buyer,
      handlers: [
        http.get('*/api/mobile/:id', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
      ],
    });
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent(unpaid.MobileName);
    expect(within(summary).queryByText('Seller')).not.toBeInTheDocument();
  });

  it('keeps Pay disabled until the payment secret has arrived', async () => {
    const { handler, release } = heldPaymentIntent(unpaid, 'test');
    renderApp(path, { as: demoAccounts.buyer, handlers: [handler] });
    expect(await screen.findByRole('button', { name: HOLD })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: HOLD })).toBeEnabled());
  });

  it("pays with 4242 4242 4242 4242: a 'Congrats, Payment Completed' toast, the message and transaction id on the page, and the booking is paid", async () => {
    const { user, mockStore } = renderApp(path, { as: demoAccounts.buyer });
    await payWith(user, '4242 4242 4242 4242');
    const message = await findStatusAndInline('Congrats, Payment Completed');
    expect(message.closest('section')).toBe(screen.getByRole('region', { name: /^Payment For / }));
    const payment = mockStore.payments.find((candidate) => candidate.bookingId === unpaid._id)!;
    expect(screen.getByText(payment.transaction)).toBeInTheDocument();
    // the receipt: what happens next (focused, as the form is gone) and what to check at the meetup
    const next = screen.getByRole('heading', { name: 'What happens next' });
    expect(next).toHaveFocus();
    expect(next.parentElement).toHaveTextContent(`at the place of your booking: ${unpaid.location}.`);
    expect(screen.getByText(/dial \*#06# on the phone/)).toBeInTheDocument();
    expect(screen.getByText(/The condition is as listed/)).toBeInTheDocument();
    expect(screen.getByText(/signed out of its cloud account/)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Check the phone and get your handover code in My Orders' }),
    ).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText(safeDealWords.whole())).toBeInTheDocument();
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    const held = mockStore.bookings.find((booking) => booking._id === unpaid._id)!;
    expect(held.status).toBe('held');
    // the screen is true once held: the header says so; the code waits for the buyer's own check
    // of the phone at the meetup, in My Orders
    expect(
      await screen.findByText(`$${held.price} held on your card until the handover`),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Please Pay/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Handover code' })).not.toBeInTheDocument();
    expect(screen.queryByText(held.handoverCode!)).not.toBeInTheDocument();
  });

  it('names the amount it holds on its button, and says the protection before paying', async () => {
    renderApp(path, { as: demoAccounts.buyer });
    expect(await screen.findByRole('button', { name: `Hold $${unpaid.price}` })).toBeInTheDocument();
    expect(screen.getByText(safeDealWords.short(), { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How a safe deal works' })).toHaveAttribute('href', '/safe-deal');
  });

  it("shows the processor's decline in red for 4000 0000 0000 0002, and records nothing", async () => {
    const { user, mockStore } = renderApp(path, { as: demoAccounts.buyer });
    await payWith(user, '4000 0000 0000 0002');
    await findAlert(/declined/i);
    expect(mockStore.payments.some((payment) => payment.bookingId === unpaid._id)).toBe(false);
    expect(screen.queryByText('Congrats, Payment Completed')).not.toBeInTheDocument();
  });

  it('clears the decline when the card is changed, and pays with the new card', async () => {
    const { user } = renderApp(path, { as: demoAccounts.buyer });
    await payWith(user, '4000 0000 0000 0002');
    await findAlert(/declined/i);
    const number = screen.getByLabelText(/Card number/);
    await user.clear(number);
    expect(screen.queryByText(/declined/i)).not.toBeInTheDocument();
    await user.type(number, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: HOLD }));
    await findStatusAndInline('Congrats, Payment Completed');
  });

  it('says a booking already paid is Paid, without a card form', async () => {
    renderApp(`/dashboard/payment/${paid._id}`, { as: demoAccounts.buyer });
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
  });

  it('says a cancelled booking cannot be paid, without a card form', async () => {
    renderApp(path, {
      as: demoAccounts.buyer,
      seed: (store) => {
        store.bookings = store.bookings.map((booking) =>
          booking._id === unpaid._id ? { ...booking, cancelled: true } : booking,
        );
      },
    });
    expect(
      await screen.findByText(/This booking was cancelled: the phone is no longer listed\./),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: HOLD })).not.toBeInTheDocument();
  });

  it('says a booking whose phone sold out cannot be paid, without a card form', async () => {
    renderApp(path, {
      as: demoAccounts.buyer,
      seed: (store) => {
        store.mobiles = store.mobiles.map((phone) =>
          phone._id === unpaid.mobileId ? { ...phone, stock: 0 } : phone,
        );
      },
    });
    expect(
      await screen.findByText(/This phone is sold out: someone else bought the last one\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: HOLD })).not.toBeInTheDocument();
  });

  it('shows the error page for a booking that is not found', async () => {
    renderApp('/dashboard/payment/b-nope', { as: demoAccounts.buyer });
    expect(await screen.findByText('Error: Not Found')).toBeInTheDocument();
  });
});
