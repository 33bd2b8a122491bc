import { bookings, demoAccounts, reviews } from '@recell/api/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findStatus } from '../../testing/alerts';
import { renderApp } from '../../testing/render-app';

const paid = bookings.find((booking) => booking.status === 'completed')!;
const ofSeller = reviews.find((review) => review.bookingId === paid._id && review.about === 'seller')!;
const ofBuyer = reviews.find((review) => review.bookingId === paid._id && review.about === 'buyer')!;

async function openReview(user: ReturnType<typeof renderApp>['user']) {
  const row = (await screen.findByRole('cell', { name: paid.MobileName })).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: `Review the seller of ${paid.MobileName}` }));
  return within(await screen.findByRole('dialog', { name: `Review of ${paid.MobileName}` }));
}

describe('reviewing a completed deal', () => {
  it('takes the buyer’s review once, and keeps the seller’s hidden until both have written', async () => {
    const { user, mockStore } = renderApp('/dashboard', {
      as: demoAccounts.buyer,
      seed: (store) => {
        // completed just now on the mocks' clock, nobody has reviewed yet
        store.reviews = [];
        store.bookings = store.bookings.map((booking) =>
          booking._id === paid._id ? { ...booking, completedAt: new Date().toISOString() } : booking,
        );
      },
    });
    const dialog = await openReview(user);
    await user.type(
      await dialog.findByRole('textbox', { name: 'Your review (optional)' }),
      '<b>Great</b> seller',
    );
    await user.click(dialog.getByRole('button', { name: 'Save review' }));
    await findStatus('Thank you: your review is saved');
    const mine = within(await dialog.findByRole('region', { name: 'Your review of the seller' }));
    // what a person writes is shown as text
    expect(mine.getByText('<b>Great</b> seller')).toBeInTheDocument();
    expect(mine.getByText(/hidden from the seller until they review you/)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Save review' })).not.toBeInTheDocument();
    expect(mockStore.reviews).toEqual([
      expect.objectContaining({
        bookingId: paid._id,
        stars: 5,
        text: '<b>Great</b> seller',
        publishedAt: null,
      }),
    ]);
  });

  it('shows both published reviews of the seeded deal and the seller’s reply, with no form', async () => {
    const { user } = renderApp('/dashboard', { as: demoAccounts.buyer });
    const dialog = await openReview(user);
    const mine = within(await dialog.findByRole('region', { name: 'Your review of the seller' }));
    expect(mine.getByText(ofSeller.text!)).toBeInTheDocument();
    expect(mine.getByText(`Reply: ${ofSeller.reply!.text}`)).toBeInTheDocument();
    const theirs = within(dialog.getByRole('region', { name: "The seller's review of you" }));
    expect(theirs.getByText(ofBuyer.text!)).toBeInTheDocument();
    expect(dialog.queryByRole('form', { name: 'Review the seller' })).not.toBeInTheDocument();
  });

  it('the buyer reports the seller’s review of them: a quiet Report, a reason they must choose, sent once', async () => {
    const { user, mockStore } = renderApp('/dashboard', { as: demoAccounts.buyer });
    const dialog = await openReview(user);
    const theirs = within(await dialog.findByRole('region', { name: "The seller's review of you" }));
    // only the review of you can be reported here, not your own
    const mine = within(dialog.getByRole('region', { name: 'Your review of the seller' }));
    expect(mine.queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    await user.click(theirs.getByRole('button', { name: "Report the seller's review of you" }));
    const report = within(await screen.findByRole('dialog', { name: 'Report this review' }));
    // no reason is chosen for them
    expect(report.getByRole('button', { name: /Choose a reason/ })).toBeInTheDocument();
    await user.click(report.getByRole('button', { name: 'Send report' }));
    // the placeholder and the field's error
    await waitFor(() => expect(report.getAllByText('Choose a reason')).toHaveLength(2));
    expect(mockStore.reviewReports).toEqual([]);
    await user.click(report.getByRole('button', { name: /Reason/ }));
    await user.click(screen.getByRole('option', { name: 'Personal details' }));
    await user.type(report.getByRole('textbox', { name: 'Note (optional)' }), 'My street');
    await user.click(report.getByRole('button', { name: 'Send report' }));
    await findStatus('Thank you: an admin will read the review');
    expect(mockStore.reviewReports).toEqual([
      expect.objectContaining({ reviewId: ofBuyer._id, reason: 'Personal details: My street' }),
    ]);
  });

  it('My Buyers: the seller reads the buyer’s record and both reviews of the seeded deal', async () => {
    const { user } = renderApp('/dashboard/myBuyers', { as: demoAccounts.seller });
    const row = (await screen.findByRole('cell', { name: paid.MobileName })).closest('tr')!;
    await user.click(
      within(row).getByRole('button', { name: `Review ${paid.buyer} for ${paid.MobileName}` }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: `Review of ${paid.MobileName}` }));
    expect(
      await dialog.findByText(/This buyer: 5\.0 of 5 stars from 1 review, 1 completed deal\./),
    ).toBeInTheDocument();
    const mine = within(await dialog.findByRole('region', { name: 'Your review of the buyer' }));
    expect(mine.getByText(ofBuyer.text!)).toBeInTheDocument();
    const theirs = within(dialog.getByRole('region', { name: "The buyer's review of you" }));
    expect(theirs.getByText(ofSeller.text!)).toBeInTheDocument();
  });

  it('the seller replies once to the buyer’s published review, as text, and the form goes', async () => {
    const { user, mockStore } = renderApp('/dashboard/myBuyers', {
      as: demoAccounts.seller,
      seed: (store) => {
        store.reviews = store.reviews.map((review) =>
          review._id === ofSeller._id ? { ...review, reply: undefined } : review,
        );
      },
    });
    const row = (await screen.findByRole('cell', { name: paid.MobileName })).closest('tr')!;
    await user.click(
      within(row).getByRole('button', { name: `Review ${paid.buyer} for ${paid.MobileName}` }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: `Review of ${paid.MobileName}` }));
    const form = within(await dialog.findByRole('form', { name: 'Reply to this review' }));
    await user.click(form.getByRole('button', { name: 'Reply' }));
    expect(await form.findByText('Write your reply first')).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: 'Your public reply' }), '<i>Thanks</i>, enjoy it');
    await user.click(form.getByRole('button', { name: 'Reply' }));
    await findStatus('Your reply is public');
    const theirs = within(dialog.getByRole('region', { name: "The buyer's review of you" }));
    expect(await theirs.findByText('Reply: <i>Thanks</i>, enjoy it')).toBeInTheDocument();
    expect(dialog.queryByRole('form', { name: 'Reply to this review' })).not.toBeInTheDocument();
    expect(mockStore.reviews.find((review) => review._id === ofSeller._id)?.reply?.text).toBe(
      '<i>Thanks</i>, enjoy it',
    );
  });
});
