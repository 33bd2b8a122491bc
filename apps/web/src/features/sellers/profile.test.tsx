import { demoAccounts, mobiles, reviews } from '@recell/api/fixtures';
import { SERVED_PROFILE_ELEMENT } from '@recell/api/pages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { memberSince, repliesWithin } from './components/SellerProfilePage';
import { seedBlindReview, seedHiddenReview, seedSellerReviews } from '../../testing/reviews';

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
        'Verified handover: IMEI matched by the buyer, condition as described, signed out of its cloud account',
      ),
    ).toBeInTheDocument();
    expect(review.getByText(ofSeller.text!)).toBeInTheDocument();
    expect(review.getByText(`The seller replied: ${ofSeller.reply!.text}`)).toBeInTheDocument();
  });

  it('lists the seller’s listings in stock, each linking to its page, paged by ?listings= beside the reviews', async () => {
    const own = mobiles.filter((mobile) => mobile.sellerId === seller._id);
    const { user, currentPath } = renderApp(`/seller/${seller._id}`, {
      seed: (store) => {
        // seven in stock (more than a page of six), one sold out
        const template = store.mobiles.find((mobile) => mobile.sellerId === seller._id)!;
        store.mobiles = store.mobiles.filter((mobile) => mobile.sellerId !== seller._id);
        for (let index = 0; index < 8; index += 1)
          store.mobiles.push({
            ...template,
            _id: `m-own-${index}`,
            title: `Phone ${index}`,
            stock: index === 7 ? 0 : 1,
            the_time_it_posted: new Date(Date.UTC(2026, 10, 1 + index)).toISOString(),
          });
      },
    });
    expect(own.length).toBeGreaterThan(0);
    const listings = within(await screen.findByRole('list', { name: "The seller's listings" }));
    const titles = listings.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    // newest first, the sold-out Phone 7 left out
    expect(titles).toEqual(['Phone 6', 'Phone 5', 'Phone 4', 'Phone 3', 'Phone 2', 'Phone 1']);
    expect(listings.getByRole('link', { name: 'Phone 6' })).toHaveAttribute('href', '/mobile/m-own-6');
    const section = within(screen.getByRole('region', { name: 'Listings' }));
    await user.click(section.getByRole('link', { name: 'Page 2' }));
    expect(currentPath()).toBe(`/seller/${seller._id}?listings=2`);
    expect(
      await within(await screen.findByRole('list', { name: "The seller's listings" })).findByRole('heading', {
        level: 3,
        name: 'Phone 0',
      }),
    ).toBeInTheDocument();
  });

  it('reads the profile the server served with the page instead of asking again, once, and only its own seller’s', async () => {
    const serve = (profile: object) => {
      const element = document.createElement('script');
      element.type = 'application/json';
      element.id = SERVED_PROFILE_ELEMENT;
      element.textContent = JSON.stringify(profile);
      document.head.append(element);
    };
    const served = {
      _id: seller._id,
      name: 'Served Name',
      verified: true,
      phoneVerified: false,
      rating: { average: null, count: 0 },
      memberSince: '2026-01-05T10:00:00.000Z',
      completedDeals: 0,
    };
    serve(served);
    const first = renderApp(`/seller/${seller._id}`);
    // the mocks would answer the seller's own name: this one came with the page
    expect(await screen.findByRole('heading', { level: 1, name: 'Served Name' })).toBeInTheDocument();
    expect(document.getElementById(SERVED_PROFILE_ELEMENT)).toBeNull();
    first.unmount();

    // served for another seller: this page asks the server
    serve({ ...served, _id: 'u-someone-else' });
    renderApp(`/seller/${seller._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: seller.name })).toBeInTheDocument();
  });

  it('shows an average from three reviews on, and leaves out a hidden or blind one', async () => {
    renderApp(`/seller/${seller._id}`, {
      seed: (store) => {
        seedSellerReviews(store, 2);
        seedHiddenReview(store);
        seedBlindReview(store);
      },
    });
    const about = within(await screen.findByRole('region', { name: 'About the seller' }));
    // 5 (the seed), 5 and 4: the hidden 1 and the blind 2 are left out
    expect(await about.findByText('4.7 ★ (3 reviews)')).toBeInTheDocument();
    expect(await screen.findByText('Review 2: met on time, phone as listed.')).toBeInTheDocument();
    expect(screen.queryByText('Hidden words')).not.toBeInTheDocument();
    expect(screen.queryByText('Not public yet')).not.toBeInTheDocument();
  });

  it('says when a seller has no reviews yet', async () => {
    renderApp(`/seller/${seller._id}`, { seed: (store) => void (store.reviews = []) });
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });

  it('says since when in months, replies in words, and puts the reviews before the listings', async () => {
    expect(memberSince('2026-11-29T03:12:00.000Z')).toBe('November 2026');
    expect([0, 1, 7, 59, 60, 61, 1439, 1440, 3000].map(repliesWithin)).toEqual([
      'within a minute',
      'within a minute',
      'within 7 minutes',
      'within 59 minutes',
      'within 1 hour',
      'within 2 hours',
      'within 24 hours',
      'within 1 day',
      'within 3 days',
    ]);
    renderApp(`/seller/${seller._id}`);
    const reviewsHeading = await screen.findByRole('heading', { level: 2, name: 'Reviews' });
    const listings = await screen.findByRole('heading', { level: 2, name: /listings|phones/i });
    expect(reviewsHeading.compareDocumentPosition(listings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(/^Member since [A-Z][a-z]+ \d{4}$/)).toBeInTheDocument();
  });
});
