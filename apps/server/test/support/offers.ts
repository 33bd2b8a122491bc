// Offers through the API, as the web makes and answers them (offers-rules.test.ts, offers-race.postgres.test.ts),
// and the money check every offer test ends with (offer-money.ts).
import type { components } from '@recell/api';
import { expect } from 'vitest';
import type { Services } from '../../src/app';
import { confirm } from './fixtures';
import { call, type Target } from './harness';

export type Offer = components['schemas']['Offer'];

export const makeOffer = (target: Target, token: string | null, body: Record<string, unknown>) =>
  call(target, 'post', '/api/offers', { token, body });

export const readOffer = (target: Target, token: string | null, offerId: string) =>
  call(target, 'get', `/api/offers/${offerId}`, { token });

/** accept, decline and withdraw take no body; counter takes { amount, text? }. */
export const answerOffer = (
  target: Target,
  token: string | null,
  offerId: string,
  verb: 'accept' | 'counter' | 'decline' | 'withdraw',
  body?: Record<string, unknown>,
) => call(target, 'post', `/api/offers/${offerId}/${verb}`, { token, body });

export const offerIntent = (target: Target, token: string | null, offerId: string) =>
  call(target, 'post', '/api/create-payment-intent', { token, body: { offerId } });

/** The card authorized for what the offer asks now (its amount, or the counter): the intent and the confirmation. */
export async function payOffer(target: Target, token: string | null, offerId: string) {
  const made = await offerIntent(target, token, offerId);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const intent = made.body as { id: string; clientSecret: string; amount: number };
  const confirmed = await confirm(target, token, intent);
  return { intent, confirmed };
}

/** A new offer, paid: `pending`, the card authorized for `amount`. */
export async function pendingOffer(target: Target, token: string | null, mobileId: string, amount: number) {
  const made = await makeOffer(target, token, { mobileId, amount });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const offerId = (made.body as Offer)._id;
  const { intent, confirmed } = await payOffer(target, token, offerId);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { offerId, transaction: intent.id };
}

/**
 * The offers' job tick (the voiding and expiry job the server runs at most every OFFER_RULES.voidWithinSeconds):
 * offers past expiresAt on the deal clock expired, and authorizations of ended or superseded offers released.
 */
export function offerJob(services: Services) {
  return services.offers.tick();
}

export { intentStatus, strayOfferAuthorizations, type StrayAuthorization } from './offer-money';

export interface RaceOutcome {
  role: 'booking' | 'accept' | 'counter';
  status: number;
  code?: string | undefined;
}

/**
 * One buyer of the race for a last unit, in two steps. Made ready first: a third with a booking and its intent,
 * a third with a pending offer (the card held), a third with a countered offer and the counter's intent. The
 * closure returned is the one request that races: the booking's card confirmed, the seller's accept, or the
 * counter's card confirmed. `at(step)`: where each request goes (one server, or process after process).
 */
export async function raceEntrant(
  at: (step: number) => Target,
  buyer: string,
  seller: string,
  index: number,
  mobileId: string,
): Promise<() => Promise<RaceOutcome>> {
  const outcome = (role: RaceOutcome['role'], response: { status: number; body: unknown }): RaceOutcome => ({
    role,
    status: response.status,
    code: (response.body as { code?: string }).code,
  });
  if (index % 3 === 0) {
    const booked = await call(at(0), 'post', '/api/bookings', {
      token: buyer,
      body: { mobileId, phone: '+880 1911 222333', location: 'Dhaka, Gulshan 2' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const bookingId = (booked.body as { insertedId: string }).insertedId;
    const intent = await call(at(1), 'post', '/api/create-payment-intent', {
      token: buyer,
      body: { bookingId },
    });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    return async () =>
      outcome('booking', await confirm(at(2), buyer, intent.body as { id: string; clientSecret: string }));
  }
  const { offerId } = await pendingOffer(at(0), buyer, mobileId, 400 + (index % 40));
  if (index % 3 === 1) {
    return async () => outcome('accept', await answerOffer(at(3), seller, offerId, 'accept'));
  }
  const countered = await answerOffer(at(1), seller, offerId, 'counter', { amount: 445 });
  expect(countered.status, JSON.stringify(countered.body)).toBe(200);
  const intent = await offerIntent(at(2), buyer, offerId);
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  return async () =>
    outcome('counter', await confirm(at(3), buyer, intent.body as { id: string; clientSecret: string }));
}

/**
 * Waits for every entrant to be ready, even when one fails (so none is left half-way behind the test's back),
 * then fails with the first failure.
 */
export async function readyAll<T>(entrants: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(entrants);
  const failures = settled.filter((result) => result.status === 'rejected');
  if (failures.length > 0) {
    throw new Error(
      `${failures.length} of ${settled.length} racers could not get ready: ${String(failures[0]!.reason)}`,
    );
  }
  return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
}
