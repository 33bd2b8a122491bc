// QA mode's deal controls: any booking moved to a deal state the way the mocked server moves it (a hold reserves
// a unit, a void gives it back), and the deal clock fast-forwarded as the demo's advanceDemoClock does.
import { HANDOVER_ATTEMPTS } from '@recell/api';
import { complete, end, expireHolds, expireOffers, hold, type MockStore } from '@recell/api/mocks';
import { actOutReviews, type ReviewMove } from './review-controls';

export const dealMoves = [
  { id: 'held', label: 'Held (as if paid)' },
  { id: 'locked', label: `Locked (${HANDOVER_ATTEMPTS} wrong codes)` },
  { id: 'completed', label: 'Completed (code entered)' },
  { id: 'declined', label: 'Declined by the seller' },
  { id: 'cancelled', label: 'Cancelled by the buyer' },
  { id: 'expired', label: 'Expired' },
] as const;

export type DealMove = (typeof dealMoves)[number]['id'];

export const isDealMove = (value: unknown): value is DealMove => dealMoves.some((move) => move.id === value);

export interface DealControls {
  /** Every booking, newest first, named for the panel. */
  list(): { id: string; label: string }[];
  /** Moves one; says what happened, or why it cannot (as the server would refuse). */
  move(id: string, to: DealMove): string;
  /** Moves the deal clock forward; holds past their window expire. Returns how many did. */
  advanceClock(hours: number): number;
  /** Acts a completed deal's reviews out (review-controls.ts); says what happened, or why it cannot. */
  reviews(id: string, to: ReviewMove): string;
}

export function dealControls(store: MockStore, save: () => void): DealControls {
  const find = (id: string) => store.bookings.find((booking) => booking._id === id);
  function apply(id: string, to: DealMove): string {
    const booking = find(id);
    if (!booking) return 'No such booking';
    const { status } = booking;
    const open = status === 'unpaid' || status === 'held';
    switch (to) {
      case 'held': {
        if (status !== 'unpaid') return `This deal is ${status}: it cannot be held again`;
        const mobile = store.mobiles.find((candidate) => candidate._id === booking.mobileId);
        if (!mobile || mobile.stock === 0) return 'The phone is sold out: nothing left to hold';
        hold(store, booking, `pi_qa_${booking._id}`);
        return `Held; the buyer's code is ${booking.handoverCode}`;
      }
      case 'locked':
        if (status !== 'held') return 'Only a held deal can be locked';
        Object.assign(booking, { handoverLocked: true, handoverAttemptsLeft: 0 });
        return 'Handover locked';
      case 'completed':
        if (status !== 'held') return 'Only a held deal can be completed';
        complete(store, booking);
        return 'Completed';
      default:
        if (!open) return `This deal is ${status} already`;
        end(store, booking, to, 'buyer');
        return to[0]!.toUpperCase() + to.slice(1);
    }
  }
  return {
    list: () =>
      [...store.bookings]
        .sort((a, b) => b.bookingTime.localeCompare(a.bookingTime))
        .map((booking) => ({
          id: booking._id,
          label: `${booking.MobileName} · ${booking.buyer} · ${booking.handoverLocked ? 'locked' : booking.status}`,
        })),
    move(id, to) {
      const said = apply(id, to);
      save();
      return said;
    },
    reviews(id, to) {
      const said = actOutReviews(store, id, to);
      save();
      return said;
    },
    advanceClock(hours) {
      store.clockOffsetMs += hours * 3_600_000;
      const expired = expireHolds(store);
      // the offers' 24 h run on the same clock (their count is not the deals')
      expireOffers(store);
      save();
      return expired;
    },
  };
}
