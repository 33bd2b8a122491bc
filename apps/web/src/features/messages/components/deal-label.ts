import type { DealStatus } from '@recell/api';

/** The deal's state at the top of its thread, in the words My Orders and My Buyers use. */
export const DEAL_LABEL: Record<DealStatus, string> = {
  unpaid: 'Booked, not paid yet',
  held: 'Payment held until the handover',
  completed: 'Paid: the deal is complete',
  cancelled: 'Booking cancelled',
  declined: 'Booking declined',
  expired: 'The hold expired',
};
