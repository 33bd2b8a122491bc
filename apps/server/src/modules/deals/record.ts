// A booking is a deal from its first state (unpaid) to its last: the row as stored, and the contract's Booking
// built from it. The bookings module reads and writes the same rows through these columns.
import {
  buyerCheckOf,
  codeShown,
  HANDOVER_ATTEMPTS,
  type AreaId,
  type Booking,
  type BookingMeetup,
  type BuyerCheckFacts,
  type DealStatus,
} from '@recell/api';
import { toDollars } from '../../money';

export interface BookingRow {
  id: string;
  mobile_id: string;
  buyer_email: string;
  buyer_name: string;
  mobile_name: string;
  price_cents: number;
  /** the price when booked, once the seller has lowered the listing's price below it */
  booked_cents: number | null;
  picture: string;
  booking_ref: string;
  phone: string;
  location: string;
  booked_at: string;
  paid: 0 | 1;
  cancelled: 0 | 1;
  cancelled_by: 'listing' | 'buyer' | null;
  status: DealStatus;
  transaction_id: string | null;
  held_at: string | null;
  hold_expires_at: string | null;
  handover_attempts: number;
  not_as_described: 0 | 1;
  /** voided at the handover: the phone's IMEI was blocked (phone truth) */
  device_blocked: 0 | 1;
  completed_at: string | null;
  ended_at: string | null;
  /** read only: the listing's stock now (null when the listing is gone) */
  stock_left: number | null;
  /** the listing's seller when it was booked (null only for bookings of listings removed before migration 010) */
  seller_id: string | null;
  /** read only: the buyer and seller's conversation about this listing, once there is one (messages) */
  conversation_id: string | null;
  // The meetup (migration 030): the buyer's area, and the spot as it was when booked, or a place in words.
  area: AreaId | null;
  meetup_spot_id: string | null;
  meetup_place: string | null;
  meetup_address: string | null;
  meetup_at: string | null;
  // The buyer's check at the meetup (migration 031): theirs alone, never the seller's.
  buyer_imei_attempts: number;
  buyer_imei_matched: 0 | 1;
  buyer_condition_matched: 0 | 1;
  buyer_signed_out: 0 | 1;
  buyer_check_skipped: 0 | 1;
  /** read only: the listing has an IMEI for the buyer to check against */
  imei_listed: 0 | 1;
}

/** The columns of a BookingRow, from `bookings b`. */
export const BOOKING_COLUMNS = `b.id, b.mobile_id, b.buyer_email, b.buyer_name, b.mobile_name, b.price_cents,
  b.booked_cents, b.picture, b.booking_ref, b.phone, b.location, b.booked_at, b.paid, b.cancelled, b.cancelled_by, b.status,
  b.transaction_id, b.held_at, b.hold_expires_at, b.handover_attempts, b.not_as_described, b.device_blocked,
  b.completed_at, b.ended_at, b.seller_id, (SELECT stock FROM mobiles WHERE id = b.mobile_id) AS stock_left,
  b.area, b.meetup_spot_id, b.meetup_place, b.meetup_address, b.meetup_at,
  b.buyer_imei_attempts, b.buyer_imei_matched, b.buyer_condition_matched, b.buyer_signed_out, b.buyer_check_skipped,
  (SELECT CASE WHEN imei IS NULL THEN 0 ELSE 1 END FROM mobiles WHERE id = b.mobile_id) AS imei_listed,
  (SELECT c.id FROM conversations c JOIN users u ON u.id = c.buyer_id
     WHERE c.mobile_id = b.mobile_id AND u.email = b.buyer_email) AS conversation_id`;

/** The buyer's check as kept on the row. */
export const buyerCheckFacts = (row: BookingRow): BuyerCheckFacts => ({
  imeiListed: row.imei_listed === 1,
  wrongImeis: row.buyer_imei_attempts,
  imeiMatched: row.buyer_imei_matched === 1,
  conditionMatched: row.buyer_condition_matched === 1,
  signedOut: row.buyer_signed_out === 1,
  skipped: row.buyer_check_skipped === 1,
});

/**
 * The contract's Booking; `buyer` (the state of their check, and their handover code once the check is done or
 * skipped) only when the caller is the booking's buyer (the service decides).
 */
export const toBooking = (row: BookingRow, buyer?: { handoverCode: string }): Booking => ({
  _id: row.id,
  mobileId: row.mobile_id,
  bookingTime: row.booked_at,
  MobileName: row.mobile_name,
  buyer: row.buyer_name,
  email: row.buyer_email,
  phone: row.phone,
  price: toDollars(row.price_cents),
  ...(row.booked_cents && row.booked_cents > row.price_cents
    ? { bookedPrice: toDollars(row.booked_cents) }
    : {}),
  location: row.location,
  ...(row.area ? { area: row.area } : {}),
  ...(row.meetup_place ? { meetup: meetupOf(row) } : {}),
  ...(row.conversation_id ? { conversationId: row.conversation_id } : {}),
  bookingId: row.booking_ref,
  picture: row.picture,
  paid: row.paid === 1,
  cancelled: row.cancelled === 1,
  ...(row.status === 'cancelled' ? { cancelledBy: row.cancelled_by ?? 'listing' } : {}),
  soldOut: (row.stock_left ?? 0) === 0,
  status: row.status,
  ...(row.transaction_id ? { transaction: row.transaction_id } : {}),
  ...(row.held_at ? { heldAt: row.held_at } : {}),
  ...(row.status === 'held'
    ? {
        holdExpiresAt: row.hold_expires_at ?? row.held_at ?? row.booked_at,
        handoverAttemptsLeft: HANDOVER_ATTEMPTS - row.handover_attempts,
        handoverLocked: row.handover_attempts >= HANDOVER_ATTEMPTS,
        ...(buyer ? forTheBuyer(row, buyer.handoverCode) : {}),
      }
    : {}),
  ...(row.not_as_described ? { notAsDescribed: true } : {}),
  ...(row.device_blocked ? { deviceBlocked: true } : {}),
  ...(row.completed_at ? { completedAt: row.completed_at } : {}),
  ...(row.ended_at ? { endedAt: row.ended_at } : {}),
});

function forTheBuyer(row: BookingRow, handoverCode: string): Pick<Booking, 'buyerCheck' | 'handoverCode'> {
  const buyerCheck = buyerCheckOf(buyerCheckFacts(row));
  return {
    buyerCheck,
    ...(codeShown(buyerCheck) && row.handover_attempts < HANDOVER_ATTEMPTS ? { handoverCode } : {}),
  };
}

/** A booking's meetup as the contract shows it (its view, and the head of its thread). */
export const meetupOf = (
  row: Pick<BookingRow, 'meetup_spot_id' | 'meetup_place' | 'meetup_address' | 'meetup_at'>,
): BookingMeetup => ({
  place: row.meetup_place ?? '',
  ...(row.meetup_spot_id ? { spotId: row.meetup_spot_id } : {}),
  ...(row.meetup_address ? { address: row.meetup_address } : {}),
  ...(row.meetup_at ? { at: row.meetup_at } : {}),
});

/** What a deal's notice names of it: its two sides and its listing. */
export type DealParties = Pick<
  BookingRow,
  'buyer_email' | 'buyer_name' | 'seller_id' | 'mobile_id' | 'mobile_name' | 'picture' | 'price_cents'
>;

/**
 * A port (the notifications module's, wired in app.ts): a deal moved, so its two sides are told, never `actor`
 * (a user id; null when the clock or the processor moved it). Called inside the move's transaction.
 */
export type DealNotice = (
  kind:
    | 'booking'
    | 'card_held'
    | 'deal_expiring'
    | 'handover_completed'
    | 'deal_cancelled'
    | 'deal_declined'
    | 'deal_expired',
  deal: DealParties,
  actor: string | null,
) => Promise<void>;

export const endingNotice = {
  cancelled: 'deal_cancelled',
  declined: 'deal_declined',
  expired: 'deal_expired',
} as const;

/**
 * A deal completed (the handover code, or the processor's own capture): the price guide keeps its captured
 * price. A port (the prices module's, wired in app.ts), called in the completing transaction, once per booking.
 */
export type PriceCaptured = (bookingId: string) => Promise<void>;

/** A completed deal's earning written for its seller (the payouts module), in the completing transaction. */
export type Earned = (bookingId: string) => Promise<void>;

/** What a new booking is written with (the bookings module's insert; an accepted offer's booking too). */
export type NewBookingRow = Pick<
  BookingRow,
  | 'id'
  | 'mobile_id'
  | 'buyer_email'
  | 'buyer_name'
  | 'mobile_name'
  | 'price_cents'
  | 'picture'
  | 'booking_ref'
  | 'phone'
  | 'location'
  | 'booked_at'
  | 'paid'
  | 'seller_id'
>;
