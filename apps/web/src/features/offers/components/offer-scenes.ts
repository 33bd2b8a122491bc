// The offers' story scenes: the mock store's seed of one offer of each state (fixtures o-demo-*), trimmed to the
// one a story shows, and the states the seed cannot hold (an accepted deal, one waiting for the card).
import { demoAccounts, offers } from '@recell/api/fixtures';
import { acceptOffer, type MockOffer, type MockStore } from '@recell/api/mocks';
import { offerExpiresAt } from '@recell/api';

export const seeded = Object.fromEntries(offers.map((offer) => [offer._id, offer]));

/** Only this offer in the store (its card and listing stay as seeded). */
export const only = (id: string) => (store: MockStore) => {
  store.offers = store.offers.filter((offer) => offer._id === id);
};

/** The seed's pending offer on the iPhone 13, accepted by the seller: a held deal on the card it holds. */
export function accepted(store: MockStore) {
  only('o-demo-pending')(store);
  const offer = store.offers[0]!;
  acceptOffer(store, offer, offer.transaction!, offer.amount);
}

/** An offer just made on the Galaxy A54, its card not yet held (only its buyer sees it). */
export function awaitingCard(store: MockStore) {
  const mobile = store.mobiles.find((candidate) => candidate._id === 'm-samsung-a54')!;
  const now = new Date();
  const offer: MockOffer = {
    _id: 'o-story-awaiting',
    mobileId: mobile._id,
    buyerEmail: demoAccounts.buyer.email,
    sellerEmail: mobile.email,
    amount: 180,
    status: 'awaiting_card',
    text: 'Can you do 180? <b>not bold</b>',
    createdAt: now.toISOString(),
    expiresAt: offerExpiresAt(now).toISOString(),
    title: mobile.title,
    picture: mobile.picture,
    askingPrice: mobile.resale_price,
  };
  store.offers = [offer];
}

/** The pending offer's buyer and seller have a conversation about the iPhone 13: the offer shows in it. */
export function conversationOfPending(store: MockStore) {
  only('o-demo-pending')(store);
  const mobile = store.mobiles.find((candidate) => candidate._id === 'm-apple-iphone-13')!;
  store.conversations.push({
    _id: 'c-story-offer',
    mobileId: mobile._id,
    buyerId: demoAccounts.buyer._id,
    sellerId: demoAccounts.seller._id,
    createdAt: new Date().toISOString(),
    buyerReadSeq: 0,
    sellerReadSeq: 0,
    title: mobile.title,
    picture: mobile.picture,
    price: mobile.resale_price,
  });
}
