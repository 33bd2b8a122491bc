import { bookings, demoAccounts } from '@recell/api/fixtures';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endedHold, freshHold, heldDeal } from '../testing/deals';
import { renderApp } from '../testing/render-app';

const path = `/dashboard/payment/${heldDeal._id}`;

describe('the payment page of a safe deal', () => {
  it('says a held booking is paid for and waits for the handover, pointing to the code, without a card form', async () => {
    renderApp(path, { as: demoAccounts.buyer, seed: freshHold });
    expect(await screen.findByText('Payment held')).toBeInTheDocument();
    expect(screen.queryByText('Paid')).not.toBeInTheDocument();
    expect(
      screen.getByText(/The seller gets the money when you give your handover code/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the code in My Orders' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
  });

  it('says Paid only once the deal is complete', async () => {
    renderApp(path, { as: demoAccounts.buyer, seed: (store) => endedHold(store, 'completed') });
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.queryByText('Payment held')).not.toBeInTheDocument();
  });
});

describe('the payment page of a booking whose price went down', () => {
  it('charges the lower price and says why', async () => {
    const unpaid = bookings.find((booking) => booking._id === 'b-demo-unpaid')!;
    renderApp(`/dashboard/payment/${unpaid._id}`, {
      as: demoAccounts.buyer,
      seed: (store) => {
        // the seller cut the price after the buyer booked
        store.mobiles.find((mobile) => mobile._id === unpaid.mobileId)!.resale_price = unpaid.price - 20;
      },
    });
    expect(
      await screen.findByText(
        `The seller lowered the price from $${unpaid.price} after you booked: you pay the lower one.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(`Please Pay $${unpaid.price - 20}`)).toBeInTheDocument();
  });
});
