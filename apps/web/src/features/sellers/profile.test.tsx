import { demoAccounts, reviews } from '@recell/api/fixtures';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';

const { seller } = demoAccounts;
const ofSeller = reviews.find((review) => review.subjectId === seller._id && review.about === 'seller')!;

describe('the public seller profile', () => {
  it('shows a visitor the seller, "New seller" below three reviews, and the reviews with the handover and reply', async () => {
    renderApp(`/seller/${seller._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: seller.name })).toBeInTheDocument();
    const about = within(await screen.findByRole('region', { name: 'About the seller' }));
    expect(about.getByText('Verified')).toBeInTheDocument();
    expect(about.getByText('New seller')).toBeInTheDocument();
    const review = within(
      await screen.findByRole('article', { name: `Review by ${demoAccounts.buyer.name}` }),
    );
    expect(
      review.getByText(
        'Verified handover: IMEI matched, condition as described, signed out of its cloud account',
      ),
    ).toBeInTheDocument();
    expect(review.getByText(ofSeller.text!)).toBeInTheDocument();
    expect(review.getByText(`The seller replied: ${ofSeller.reply!.text}`)).toBeInTheDocument();
  });

  it('shows an average from three reviews on, and leaves out a hidden or blind one', async () => {
    renderApp(`/seller/${seller._id}`, {
      seed: (store) => {
        const base = store.reviews.find((review) => review._id === ofSeller._id)!;
        store.reviews.push(
          { ...base, _id: 'rv-2', stars: 4, text: 'Good', reply: undefined },
          { ...base, _id: 'rv-3', stars: 3, text: 'Fine', reply: undefined },
          {
            ...base,
            _id: 'rv-hidden',
            stars: 1,
            text: 'Rude words',
            hidden: { reason: 'Abuse', hiddenAt: base.createdAt, by: 'admin@recell.test' },
          },
          {
            ...base,
            _id: 'rv-blind',
            bookingId: 'b-demo-held',
            stars: 1,
            text: 'Not yet public',
            publishedAt: null,
            // written just now on a deal that is not complete: its window is still open
            createdAt: new Date().toISOString(),
          },
        );
      },
    });
    const about = within(await screen.findByRole('region', { name: 'About the seller' }));
    expect(await about.findByText('4.0 ★ (3 reviews)')).toBeInTheDocument();
    expect(await screen.findByText('Good')).toBeInTheDocument();
    expect(screen.queryByText('Rude words')).not.toBeInTheDocument();
    expect(screen.queryByText('Not yet public')).not.toBeInTheDocument();
  });

  it('says when a seller has no reviews yet', async () => {
    renderApp(`/seller/${seller._id}`, { seed: (store) => void (store.reviews = []) });
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });
});
