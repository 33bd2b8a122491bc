// What a screen says about an offer beyond the rulebook's own words (offerWords of @recell/api).
import { offerWords, SAFETY_FINDING_TEXT, type Offer, type SafetyFinding } from '@recell/api';
import type { OfferSide } from '../api/list-offers';

/** Why an ended offer ended, to the side reading it; the floor is never said. */
export function endedWords(offer: Offer, side: OfferSide): string | null {
  switch (offer.endedReason) {
    case 'below_floor':
      return side === 'buyer'
        ? 'The seller does not take offers this low: it was declined at once, and your card was never held.'
        : 'Under your floor: declined at once.';
    case 'declined':
      return side === 'buyer' ? 'The seller declined. Your card was released.' : 'You declined this offer.';
    case 'counter_declined':
      return side === 'buyer'
        ? 'You declined the counter. Your card was released.'
        : 'The buyer declined your counter.';
    case 'withdrawn':
      return side === 'buyer'
        ? 'You withdrew this offer. Your card was released.'
        : 'The buyer withdrew this offer.';
    case 'expired':
      return side === 'buyer'
        ? '24 hours passed without an answer. Your card was released.'
        : '24 hours passed without an answer.';
    case 'sold_elsewhere':
      return side === 'buyer'
        ? 'The phone sold to someone else. Your card was released, nothing charged.'
        : 'The phone sold to someone else.';
    case 'listing_removed':
      return side === 'buyer'
        ? 'The listing was taken down. Your card was released.'
        : 'The listing was taken down.';
    default:
      return null;
  }
}

/** "Answer by Nov 30, 4:05 PM": when an open offer ends unanswered. */
export function expiryWords(expiresAt: string | undefined): string | null {
  if (!expiresAt) return null;
  const at = new Date(expiresAt);
  return Number.isNaN(at.getTime())
    ? null
    : at.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** "a phone number and a request to pay outside ReCell" */
export function findingsWords(findings: readonly SafetyFinding[]): string {
  const words = findings.map((finding) => SAFETY_FINDING_TEXT[finding]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

export const money = offerWords.dollars;

/** Where the card is asked for an offer: its amount, or the counter's (the payment page, paying by offerId). */
export const offerPaymentPath = (offerId: string) =>
  `/dashboard/payment/offer/${encodeURIComponent(offerId)}`;
