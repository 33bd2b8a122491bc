// Fresh things for a test to act on, made through the API itself (so they are what a user could make).
import { withCheckDigit } from '@recell/api/test-cards';
import sharp from 'sharp';
import { expect } from 'vitest';
import { confirmedPhone, freshPhoneNumber } from './accounts';
import { call, type Target } from './harness';

export const listing = (overrides: Record<string, unknown> = {}) => ({
  category_id: '03',
  title: 'Apple iPhone 15',
  picture: '/uploads/seed/m-apple-iphone-13.svg',
  location: 'Dhaka, Banani',
  resale_price: 700,
  buying_price: 999,
  Year_of_purchase: 2024,
  Year_of_uses: 1,
  Seller_name: 'Rahim Uddin',
  condition: 'Excellent',
  details: 'Like new, every accessory in the box',
  bookingId: 'IP15-1',
  stock: 5,
  ...overrides,
});

/** A seller signed up in a test verifies a fresh phone number, as they must before listing. */
export async function verifyPhone(server: Target, seller: { idToken: string; token: string }) {
  const phoneNumber = freshPhoneNumber();
  const verified = await call(server, 'put', '/api/me/phone', {
    token: seller.token,
    body: { phoneNumber, idToken: await confirmedPhone(seller.idToken, phoneNumber) },
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return phoneNumber;
}

export async function createListing(
  server: Target,
  sellerToken: string | null,
  overrides = {},
): Promise<string> {
  const response = await call(server, 'post', '/api/mobiles', {
    token: sellerToken,
    body: listing(overrides),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as { insertedId: string }).insertedId;
}

/** A 15-digit IMEI with a valid Luhn check digit: the TAC, then a serial unique in this process. */
let serial = Math.floor(Math.random() * 400_000);
export function imeiWith(tac: string): string {
  serial += 1;
  return withCheckDigit(`${tac}${String(serial).padStart(6, '0')}`);
}

/** The buyer's open booking of the listing: a new one, or the one they already have. */
export async function book(server: Target, buyerToken: string | null, mobileId: string): Promise<string> {
  const response = await call(server, 'post', '/api/bookings', {
    token: buyerToken,
    body: { mobileId, phone: '+880 1911 222333', location: 'Dhaka, Gulshan 2' },
  });
  // 201 a new booking; 200 the buyer's open booking of this phone (one per buyer per listing)
  expect([200, 201], JSON.stringify(response.body)).toContain(response.status);
  return (response.body as { insertedId: string }).insertedId;
}

export async function intentFor(server: Target, buyerToken: string | null, bookingId: string) {
  const response = await call(server, 'post', '/api/create-payment-intent', {
    token: buyerToken,
    body: { bookingId },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { id: string; clientSecret: string; amount: number };
}

export const card = (number = '4242 4242 4242 4242') => ({
  number,
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 3,
  cvc: '123',
});

export async function confirm(
  server: Target,
  buyerToken: string | null,
  intent: { id: string; clientSecret: string },
  number?: string,
) {
  return call(server, 'post', `/api/test-processor/payment-intents/${intent.id}/confirm`, {
    token: buyerToken,
    body: {
      clientSecret: intent.clientSecret,
      card: card(number),
      billing_details: { name: 'Ayesha Khan', email: 'buyer@recell.test' },
    },
  });
}

/** A real picture: a JPEG of the given size. */
export function jpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .toBuffer();
}

/**
 * The buyer's own check at the meetup, before their code shows: `'skip'` (the code without a check),
 * `{ imei }` (typed from *#06#, then both boxes ticked; without `imei` on a listing that has none, the boxes
 * alone), or `'none'` (not started: no code yet).
 */
export type BuyerCheckStep = 'skip' | 'none' | { imei?: string };

export async function buyerCheck(
  server: Target,
  buyerToken: string | null,
  bookingId: string,
  step: BuyerCheckStep,
) {
  if (step === 'none') return;
  if (step === 'skip') {
    const skipped = await call(server, 'post', `/api/bookings/${bookingId}/buyer-check/skip`, {
      token: buyerToken,
    });
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    return;
  }
  if (step.imei) {
    const typed = await call(server, 'post', `/api/bookings/${bookingId}/buyer-check/imei`, {
      token: buyerToken,
      body: { imei: step.imei },
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(typed.body).toMatchObject({ matched: true });
  }
  const ticked = await call(server, 'post', `/api/bookings/${bookingId}/buyer-check/checks`, {
    token: buyerToken,
    body: { conditionMatched: true, signedOut: true },
  });
  expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
}

/**
 * A held deal (the card authorized with the test processor) and the code only its buyer sees, once they have
 * done their check (skipped unless told).
 */
export async function heldDeal(
  server: Target,
  buyerToken: string | null,
  mobileId: string,
  check: BuyerCheckStep = 'skip',
) {
  const bookingId = await book(server, buyerToken, mobileId);
  const intent = await intentFor(server, buyerToken, bookingId);
  const confirmed = await confirm(server, buyerToken, intent);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  await buyerCheck(server, buyerToken, bookingId, check);
  const read = await call(server, 'get', `/api/bookings/${bookingId}`, { token: buyerToken });
  const booking = read.body as { status: string; handoverCode?: string };
  expect(booking.status).toBe('held');
  return { bookingId, transaction: intent.id, code: booking.handoverCode ?? '' };
}

/** A completed deal: held, the buyer's check (skipped unless told), then the seller enters the buyer's code. */
export async function completedDeal(
  server: Target,
  tokens: { buyer: string | null; seller: string | null },
  mobileId: string,
  check: BuyerCheckStep = 'skip',
) {
  const deal = await heldDeal(server, tokens.buyer, mobileId, check);
  const done = await call(server, 'post', `/api/bookings/${deal.bookingId}/handover`, {
    token: tokens.seller,
    body: { code: deal.code },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return deal;
}
