// Notifications (issue 29): which email preference each kind belongs to, and the page each links to. The server,
// the mocks and the web read these, so a kind cannot be "off" in one and "on" in another.
import type { components } from './generated/schema';

export type NotificationKind = components['schemas']['NotificationKind'];
export type EmailPreference = keyof components['schemas']['NotificationPreferences'];
/** The kinds a person may turn off by email (one-click unsubscribe names one of these). */
export type OptionalEmail = components['schemas']['EmailPreferenceKind'];

/** Each kind's email preference: anything about a held card's money is `deal`, which stays on. */
export const NOTIFICATION_PREFERENCE: Record<NotificationKind, EmailPreference> = {
  message: 'message',
  booking: 'booking',
  card_held: 'deal',
  handover_completed: 'deal',
  deal_cancelled: 'deal',
  deal_declined: 'deal',
  deal_expired: 'deal',
  // a deal's reviews are its record and the person's standing: on, as the deal's money is
  review_received: 'deal',
  review_published: 'deal',
  review_hidden: 'deal',
};

export const OPTIONAL_EMAILS: readonly OptionalEmail[] = ['message', 'booking'];

export const isOptionalEmail = (preference: EmailPreference): preference is OptionalEmail =>
  (OPTIONAL_EMAILS as readonly string[]).includes(preference);

/** A new person gets every email. */
export const DEFAULT_EMAIL_PREFERENCES: components['schemas']['NotificationPreferences'] = {
  message: true,
  booking: true,
  deal: true,
};
