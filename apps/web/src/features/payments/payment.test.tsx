import { bookings, demoAccounts } from '@recell/api/fixtures';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findAlert, findStatusAndInline } from '../../testing/alerts';
import { heldPaymentIntent } from '../../testing/held-payment-intent';
import { renderApp } from '../../testing/render-app';

const unpaid = bookings.find((booking) => !booking.paid)!;
const paid = bookings.find((booking) => booking.paid)!;
const path = `/dashboard/payment/${unpaid._id}`;

async function payWith(user: ReturnType<typeof renderApp>['user'], number: string) {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
  await user.type(screen.getByLabelText(/Name on card/), 'Ayesha Khan');
  await user.type(await screen.findByLabelText(/Card number/), number);
  await user.type(screen.getByLabelText(/Expiry/), '12/30');
  await user.type(screen.getByLabelText(/CVC/), '123');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Pay' }));
}

describe('payment', () => {
  it('shows what is paid for and how much', async () => {
    renderApp(path, { as: demoAccounts.buyer });
    expect(
      await screen.findByRole('heading', { name: `Payment For ${unpaid.MobileName}` }),
    ).toBeInTheDocument();
    expect(screen.getByText(`Please Pay $${unpaid.price}`)).toBeInTheDocument();
    expect(document.title).toBe('Payment | ReCell');
  });

  it('keeps Pay disabled until the payment secret has arrived', async () => {
    const { handler, release } = heldPaymentIntent(unpaid, 'test');
    renderApp(path, { as: demoAccounts.buyer, handlers: [handler] });
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
  });

  it("pays with 4242 4242 4242 4242: a 'Congrats, Payment Completed' toast, the message and transaction id on the page, and the booking is paid", async () => {
    const { user, mockStore } = renderApp(path, { as: demoAccounts.buyer });
    await payWith(user, '4242 4242 4242 4242');
    const message = await findStatusAndInline('Congrats, Payment Completed');
    expect(message.closest('section')).toBe(screen.getByRole('region', { name: /^Payment For / }));
    const payment = mockStore.payments.find((candidate) => candidate.bookingId === unpaid._id)!;
    expect(screen.getByText(payment.transaction)).toBeInTheDocument();
    expect(mockStore.bookings.find((booking) => booking._id === unpaid._id)?.status).toBe('held');
  });

  it("shows the processor's decline in red for 4000 0000 0000 0002, and records nothing", async () => {
    const { user, mockStore } = renderApp(path, { as: demoAccounts.buyer });
    await payWith(user, '4000 0000 0000 0002');
    await findAlert(/declined/i);
    expect(mockStore.payments.some((payment) => payment.bookingId === unpaid._id)).toBe(false);
    expect(screen.queryByText('Congrats, Payment Completed')).not.toBeInTheDocument();
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
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
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
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('shows the error page for a booking that is not found', async () => {
    renderApp('/dashboard/payment/b-nope', { as: demoAccounts.buyer });
    expect(await screen.findByText('Error: Not Found')).toBeInTheDocument();
  });
});
