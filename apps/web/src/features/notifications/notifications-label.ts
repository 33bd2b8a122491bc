import { MESSAGE_DIGEST_MINUTES, type EmailPreference, type MessageEmail } from '@recell/api';

/** The most the bell spells out; more shows as "99+". */
export const BELL_MAX = 99;

/** The bell's count as drawn: "3", or "99+" past BELL_MAX. */
export const bellCount = (unread: number) => (unread > BELL_MAX ? `${BELL_MAX}+` : String(unread));

/** The navbar's bell link: "Notifications", or "Notifications, 3 unread" (and "99+" past BELL_MAX). */
export const notificationsLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${bellCount(unread)} unread` : 'Notifications';

/** What each email preference covers, in the settings' words (the contract's NotificationPreferences). */
export const PREFERENCE_LABEL: Record<EmailPreference, string> = {
  message: 'New questions and messages',
  booking: 'A booking of your listing',
  deal: 'Card held or ending soon, handover completed, deal cancelled, declined or expired; a listing removed, a report decided, the Verified badge; reviews of your deals',
};

/** The choices for message email, in the settings' words (the contract's MessageEmail). */
export const MESSAGE_EMAIL_LABEL: Record<MessageEmail, string> = {
  instant: 'Each message, as it comes',
  digest: `A digest: at most one email per conversation every ${MESSAGE_DIGEST_MINUTES} minutes, with what you have not read`,
  off: 'No email',
};
