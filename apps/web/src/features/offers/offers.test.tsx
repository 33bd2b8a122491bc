// The offers' screens over the mocks, where a story cannot reach: the live stream moving an offer on a page
// already open, and the card held for a counter, which accepts it (the design's money flow, 3).
import { offerWords } from '@recell/api';
import { demoAccounts } from '@recell/api/fixtures';
import { mockAccessToken } from '@recell/api/mocks';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';

const { buyer, seller } = demoAccounts;

describe('Offers', () => {
  it("keeps the seller's Offers tab live: the buyer withdrawing elsewhere moves the card", async () => {
    renderApp('/dashboard/myBuyers/offers', { as: seller });
    const card = within(await screen.findByRole('article', { name: 'Offer for Apple iPhone 13' }));
    expect(card.getByText(offerWords.status('pending', 'seller'))).toBeInTheDocument();
    // the buyer, in another tab: the mocks' stream tells the seller's page the offer moved
    await act(() =>
      fetch('http://recell.test/api/offers/o-demo-pending/withdraw', {
        method: 'POST',
        headers: { authorization: `Bearer ${mockAccessToken(buyer)}` },
      }),
    );
    await waitFor(() => expect(card.getByText(offerWords.status('withdrawn'))).toBeInTheDocument());
    expect(card.getByText('The buyer withdrew this offer.')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
  });

  it('holds the card for a counter on the payment page, which accepts it: a held deal at the counter', async () => {
    const { user, mockStore } = renderApp('/dashboard/payment/offer/o-demo-countered', { as: buyer });
    expect(await screen.findByText('Please hold $125 on your card')).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/Card number/), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText(/Expiry/), '12/30');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(await screen.findByRole('button', { name: 'Hold $125' }));
    expect(await screen.findByText(offerWords.held(125), { exact: false })).toBeInTheDocument();
    const offer = mockStore.offers.find((candidate) => candidate._id === 'o-demo-countered');
    expect(offer).toMatchObject({ status: 'accepted' });
    expect(mockStore.bookings.find((booking) => booking._id === offer?.bookingId)).toMatchObject({
      status: 'held',
      price: 125,
    });
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
  });
});
