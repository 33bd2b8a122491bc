import {
  BadgeCheck,
  Ban,
  CircleCheck,
  CircleX,
  CreditCard,
  Hourglass,
  Megaphone,
  ShieldAlert,
  ShieldCheck,
  Smartphone,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import * as styles from './Badge.css';

export type BadgeStatus =
  | 'sold'
  | 'available'
  | 'withdrawn'
  | 'verified'
  | 'phoneVerified'
  | 'advertised'
  | 'paid'
  | 'cancelled'
  | 'held'
  | 'unpaid';

const statuses: Record<BadgeStatus, { label: string; icon: LucideIcon; tone: keyof typeof styles.tone }> = {
  sold: { label: 'Sold', icon: Ban, tone: 'neutral' },
  available: { label: 'Available', icon: CircleCheck, tone: 'success' },
  // taken off sale because its IMEI is reported lost or stolen: not sold, and never to be booked
  withdrawn: { label: 'Withdrawn', icon: ShieldAlert, tone: 'neutral' },
  verified: { label: 'Verified', icon: BadgeCheck, tone: 'primary' },
  // the seller confirmed their phone number by SMS code; the listing's number is that one
  phoneVerified: { label: 'Phone verified', icon: Smartphone, tone: 'success' },
  advertised: { label: 'Advertised', icon: Megaphone, tone: 'accent' },
  paid: { label: 'Paid', icon: CreditCard, tone: 'success' },
  cancelled: { label: 'Cancelled', icon: CircleX, tone: 'neutral' },
  // a safe deal: the card is authorized, the money waits for the handover code
  held: { label: 'Payment held', icon: ShieldCheck, tone: 'primary' },
  unpaid: { label: 'Not paid', icon: Hourglass, tone: 'accent' },
};

export interface BadgeProps {
  status: BadgeStatus;
  /** Overrides the word; the state is always said in words, never by colour alone. */
  children?: ReactNode;
  className?: string;
}

export function Badge({ status, children, className }: BadgeProps) {
  const { label, icon: Icon, tone } = statuses[status];
  return (
    <span className={[styles.badge, styles.tone[tone], className].filter(Boolean).join(' ')}>
      <Icon aria-hidden size={14} />
      {children ?? label}
    </span>
  );
}
