import { bookings, demoAccounts } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findStatus } from '../testing/alerts';
import { freshHold } from '../testing/deals';
import { renderApp } from '../testing/render-app';
import { dealControls, type DealControls } from './deal-controls';
import { MockPanel } from './MockPanel';

const unpaid = bookings.find((booking) => booking.status === 'unpaid')!;

/** The panel over the test's own mock store (made by renderApp, so the controls reach it once seeded). */
function renderWithDeals() {
  let store: MockStore | undefined;
  const save = vi.fn();
  const deals: DealControls = {
    list: () => dealControls(store!, save).list(),
    move: (id, to) => dealControls(store!, save).move(id, to),
    advanceClock: (hours) => dealControls(store!, save).advanceClock(hours),
    reviews: (id, to) => dealControls(store!, save).reviews(id, to),
  };
  const view = renderApp('/dashboard', {
    as: demoAccounts.buyer,
    seed: (seeded) => {
      store = seeded;
      freshHold(seeded);
    },
    beside: <MockPanel controls={{ scenario: 'normal', setScenario: vi.fn(), reset: vi.fn(), deals }} />,
  });
  return { ...view, save };
}

describe('QA mode: deals', () => {
  it('holds an unpaid booking, then fast-forwards the clock past every hold: both expire, stock back', async () => {
    const { user, mockStore, save } = renderWithDeals();
    const stock = mockStore.mobiles.find((mobile) => mobile._id === unpaid.mobileId)!.stock;
    const panel = within(screen.getByRole('complementary', { name: 'QA mock mode' }));
    await user.click(panel.getByRole('button', { name: /^QA mock:/ }));
    await user.click(panel.getByRole('button', { name: /Booking/ }));
    await user.click(
      await screen.findByRole('option', { name: `${unpaid.MobileName} · ${unpaid.buyer} · unpaid` }),
    );
    await user.click(panel.getByRole('button', { name: 'Move the deal' }));
    const code = mockStore.bookings.find((booking) => booking._id === unpaid._id)?.handoverCode;
    expect(code).toMatch(/^[0-9]{6}$/);
    await findStatus(`Held; the buyer's code is ${code}`);
    expect(save).toHaveBeenCalled();
    expect(mockStore.mobiles.find((mobile) => mobile._id === unpaid.mobileId)!.stock).toBe(stock - 1);
    const row = () => within(screen.getByRole('cell', { name: unpaid.MobileName }).closest('tr')!);
    await waitFor(() => expect(row().getByText('Payment held')).toBeInTheDocument());

    await user.click(panel.getByRole('button', { name: 'Clock past a hold (121 h)' }));
    await findStatus('Clock moved 121 hours; 2 holds expired');
    await waitFor(() => expect(row().getByText('Expired')).toBeInTheDocument());
    expect(mockStore.mobiles.find((mobile) => mobile._id === unpaid.mobileId)!.stock).toBe(stock);
  });

  it('refuses moves the server would refuse, saying why', () => {
    const { mockStore } = renderWithDeals();
    const deals = dealControls(mockStore, () => {});
    expect(deals.move(unpaid._id, 'completed')).toBe('Only a held deal can be completed');
    const ended = bookings.find((booking) => booking.status === 'expired')!;
    expect(deals.move(ended._id, 'declined')).toBe('This deal is expired already');
    expect(mockStore.bookings.find((booking) => booking._id === ended._id)?.status).toBe('expired');
  });
});

describe('QA mode: reviews', () => {
  const completed = bookings.find((booking) => booking.status === 'completed')!;

  it("acts out a blind review: the buyer's review is written and the seller's is not, as the dialog then shows", async () => {
    const { user, mockStore, save } = renderWithDeals();
    const panel = within(screen.getByRole('complementary', { name: 'QA mock mode' }));
    await user.click(panel.getByRole('button', { name: /^QA mock:/ }));
    await user.click(panel.getByRole('button', { name: /Booking/ }));
    await user.click(
      await screen.findByRole('option', {
        name: `${completed.MobileName} · ${completed.buyer} · completed`,
      }),
    );
    await user.click(panel.getByRole('button', { name: 'Act out the reviews' }));
    await findStatus("The buyer's review is written; the seller sees it once they write theirs");
    expect(save).toHaveBeenCalled();
    const reviews = mockStore.reviews.filter((review) => review.bookingId === completed._id);
    expect(reviews.map((review) => [review.about, review.publishedAt])).toEqual([['seller', null]]);
    const row = within((await screen.findByRole('cell', { name: completed.MobileName })).closest('tr')!);
    await user.click(row.getByRole('button', { name: `Review the seller of ${completed.MobileName}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Review of ${completed.MobileName}` }));
    const mine = within(await dialog.findByRole('region', { name: 'Your review of the seller' }));
    expect(mine.getByText(/hidden from the seller until they review you/)).toBeInTheDocument();
  });

  it('acts out published and hidden, and refuses a deal that did not complete', () => {
    const { mockStore } = renderWithDeals();
    const deals = dealControls(mockStore, () => {});
    const of = () => mockStore.reviews.filter((review) => review.bookingId === completed._id);
    expect(deals.reviews(completed._id, 'published')).toBe('Both reviews are published');
    expect(of().every((review) => review.publishedAt !== null && !review.hidden)).toBe(true);
    expect(of()).toHaveLength(2);
    expect(deals.reviews(completed._id, 'hidden')).toBe("The buyer's review is hidden; its author sees why");
    expect(of().find((review) => review.about === 'seller')?.hidden?.reason).toBe('Hidden in QA mode');
    expect(of().find((review) => review.about === 'buyer')?.hidden).toBeUndefined();
    expect(deals.reviews(unpaid._id, 'blind')).toBe('Only a completed deal has reviews');
    expect(mockStore.reviews.some((review) => review.bookingId === unpaid._id)).toBe(false);
  });
});
