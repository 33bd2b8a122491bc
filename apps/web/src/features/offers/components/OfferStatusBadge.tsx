import { offerWords, type OfferStatus } from '@recell/api';
import { Badge, type BadgeStatus } from '@recell/ui/Badge';

/** The badge each state borrows (its icon and tone); the words are always the rulebook's. */
const looks: Record<OfferStatus, BadgeStatus> = {
  awaiting_card: 'unpaid',
  pending: 'unpaid',
  countered: 'advertised',
  accepted: 'held',
  declined: 'cancelled',
  withdrawn: 'cancelled',
  expired: 'cancelled',
  voided: 'sold',
};

export function OfferStatusBadge({ status, side }: { status: OfferStatus; side: 'buyer' | 'seller' }) {
  return <Badge status={looks[status]}>{offerWords.status(status, side)}</Badge>;
}
