// Notifications: which email preference each kind belongs to, and the page each links to. The server,
// the mocks and the web read these, so a kind cannot be "off" in one and "on" in another.
import type { components } from './generated/schema';
import { MEETUP_REMINDER_HOURS } from './meetup';

export type NotificationKind = components['schemas']['NotificationKind'];
/** A kind of email a preference names (messageEmail says how message email comes, not which kind). */
export type EmailPreference = Exclude<keyof components['schemas']['NotificationPreferences'], 'messageEmail'>;
/** How message email comes: each at once, a digest per conversation, or none. */
export type MessageEmail = components['schemas']['MessageEmail'];
export const MESSAGE_EMAIL_CHOICES: readonly MessageEmail[] = ['instant', 'digest', 'off'];
/**
 * A conversation's first message not yet emailed opens a window this long; when it closes, one email lists that
 * conversation's messages still unread. So at most one digest per conversation and person in this time.
 */
export const MESSAGE_DIGEST_MINUTES = 15;
/** The kinds a person may turn off by email (one-click unsubscribe names one of these). */
export type OptionalEmail = components['schemas']['EmailPreferenceKind'];

/**
 * Each kind's email preference: anything about a held card's money, or the account's standing (moderation,
 * Verified), is `deal`, which stays on.
 */
export const NOTIFICATION_PREFERENCE: Record<NotificationKind, EmailPreference> = {
  message: 'message',
  booking: 'booking',
  card_held: 'deal',
  deal_expiring: 'deal',
  handover_completed: 'deal',
  deal_cancelled: 'deal',
  deal_declined: 'deal',
  deal_expired: 'deal',
  // the account's standing: always on, as the deal's money is
  listing_removed: 'deal',
  report_resolved: 'deal',
  seller_verified: 'deal',
  // a deal's reviews are its record and the person's standing: on, as the deal's money is
  review_received: 'deal',
  review_published: 'deal',
  review_hidden: 'deal',
  // the meetup of a booked deal: part of the deal, as its money is
  meetup_reminder: 'deal',
  // a new offer is like a booking (the seller may turn its email off); everything after it moves a held card
  offer_received: 'booking',
  offer_countered: 'deal',
  offer_accepted: 'deal',
  offer_declined: 'deal',
  offer_withdrawn: 'deal',
  offer_expired: 'deal',
  offer_voided: 'deal',
  // a deal's money after the handover: always on
  claim_opened: 'deal',
  claim_refunded: 'deal',
  claim_released: 'deal',
  payout_paid: 'deal',
};

/** A held card's hold that ends within this many hours warns both sides, once per deal. */
export const HOLD_EXPIRING_WARNING_HOURS = 24;

export const OPTIONAL_EMAILS: readonly OptionalEmail[] = ['message', 'booking'];

export const isOptionalEmail = (preference: EmailPreference): preference is OptionalEmail =>
  (OPTIONAL_EMAILS as readonly string[]).includes(preference);

/** A new person gets every email. */
export const DEFAULT_EMAIL_PREFERENCES: components['schemas']['NotificationPreferences'] = {
  message: true,
  messageEmail: 'instant',
  booking: true,
  deal: true,
};

type PreferencesUpdate = components['schemas']['NotificationPreferencesUpdate'];

/**
 * An update applied to what a person has (the server and the mocks both use it). `message` is what clients before
 * the digest send: on keeps a digest a digest (from off it is instant), off is off. Null when `message` and
 * `messageEmail` disagree.
 */
export function applyPreferences(
  current: components['schemas']['NotificationPreferences'],
  changes: PreferencesUpdate,
): components['schemas']['NotificationPreferences'] | null {
  const fromFlag =
    changes.message === undefined
      ? undefined
      : changes.message
        ? current.messageEmail === 'off'
          ? 'instant'
          : current.messageEmail
        : 'off';
  if (changes.messageEmail !== undefined && changes.message !== undefined) {
    if ((changes.messageEmail !== 'off') !== changes.message) return null;
  }
  const messageEmail = changes.messageEmail ?? fromFlag ?? current.messageEmail;
  return {
    message: messageEmail !== 'off',
    messageEmail,
    booking: changes.booking ?? current.booking,
    deal: true,
  };
}

/** A message digest's subject and headline: how many new messages, about which listing. */
export const messageDigestText = (count: number, title: string) =>
  `${count} new ${count === 1 ? 'message' : 'messages'} about ${title}`;

/** Which side of a deal a person is on: the words differ (the buyer gives the code, the seller enters it). */
export type NotificationSide = 'buyer' | 'seller';
/** A report's decision: the listing removed, or left up. */
export type ReportOutcome = 'upheld' | 'dismissed';

/**
 * What happened, in words: the bell's text and the email's subject and headline (the server writes them; Storybook
 * shows each email with them). Whatever a person wrote (a title, a name) is passed in and shown as text.
 */
export function notificationText(
  kind: NotificationKind,
  side: NotificationSide,
  about: {
    title?: string | undefined;
    who?: string | undefined;
    outcome?: ReportOutcome | undefined;
    /** An admin's reason (review_hidden), as they wrote it. */
    reason?: string | undefined;
    /** review_published for one review the window's closing published alone: to its author or its subject. */
    lone?: 'author' | 'subject' | undefined;
    /** Where the meetup is (meetup_reminder): a spot's name or the place in words. */
    place?: string | undefined;
    /** The offer's amount in words ("$420"): offer_* kinds; the claim's or the payout's amount too. */
    amount?: string | undefined;
    /** claim_opened: who opened it (the automatic IMEI re-check, or the buyer). */
    openedBy?: 'buyer' | 'device_check' | undefined;
    /** payout_paid: the account's last four digits. */
    last4?: string | undefined;
  },
): string {
  const title = about.title ?? 'your listing';
  const who = about.who ?? 'Someone';
  switch (kind) {
    case 'message':
      return `${who} sent you a message about ${title}`;
    case 'booking':
      return `${who} booked your ${title}`;
    case 'card_held':
      return side === 'buyer'
        ? `Your card is held for ${title}: meet the seller and give them your handover code`
        : `The buyer's card is held for ${title}: meet them and enter their handover code`;
    case 'deal_expiring':
      return side === 'buyer'
        ? `Your hold for ${title} ends within ${HOLD_EXPIRING_WARNING_HOURS} hours: meet the seller and give them your handover code, or the card is released`
        : `The buyer's hold for ${title} ends within ${HOLD_EXPIRING_WARNING_HOURS} hours: meet them and enter their handover code, or the deal expires`;
    case 'listing_removed':
      return `Your listing ${title} was removed after a report`;
    case 'report_resolved':
      return about.outcome === 'upheld'
        ? `Your report on ${title} was upheld: the listing is removed`
        : `Your report on ${title} was reviewed: the listing stays up`;
    case 'seller_verified':
      return 'You are a Verified seller now: your listings show the badge';
    case 'handover_completed':
      return `The handover of ${title} is complete`;
    case 'deal_cancelled':
      return `The deal for ${title} was cancelled and the card released`;
    case 'deal_declined':
      return `The seller declined your booking of ${title}`;
    case 'deal_expired':
      return `The hold for ${title} expired and the card was released`;
    case 'review_received':
      return `${who} reviewed you for ${title}: write your review to read theirs`;
    case 'review_published':
      // The other party never wrote theirs: the window's closing published the one review.
      if (about.lone === 'author') return `Your review for ${title} is published`;
      if (about.lone === 'subject') return `A review of you for ${title} is published`;
      return `Your review and theirs for ${title} are public now`;
    case 'review_hidden':
      return `ReCell hid your review for ${title}: ${about.reason ?? 'it broke the rules'}`;
    case 'meetup_reminder':
      return `Your meetup for ${title} is in ${MEETUP_REMINDER_HOURS} hours at ${about.place ?? 'the place you agreed'}`;
    case 'offer_received':
      return `${who} offered ${about.amount ?? 'less'} for your ${title}, card held: accept, counter or decline within 24 hours`;
    case 'offer_countered':
      return `The seller countered ${about.amount ?? 'your offer'} for ${title}: accept it within 24 hours, or decline`;
    case 'offer_accepted':
      return side === 'buyer'
        ? `Your offer of ${about.amount ?? 'less'} for ${title} was accepted: the card is held, meet the seller and give them your handover code`
        : `You accepted ${about.amount ?? 'the offer'} for ${title}: meet the buyer and enter their handover code`;
    case 'offer_declined':
      return side === 'buyer'
        ? `Your offer for ${title} was declined and your card released`
        : `The buyer declined your counter for ${title}`;
    case 'offer_withdrawn':
      return `${who} withdrew their offer for ${title}`;
    case 'offer_expired':
      return side === 'buyer'
        ? `Your offer for ${title} expired unanswered and your card was released`
        : `The offer for ${title} expired unanswered`;
    case 'offer_voided':
      return `${title} sold to someone else: your offer ended and your card was released`;
    case 'claim_opened':
      if (about.openedBy === 'device_check') {
        return side === 'buyer'
          ? `The IMEI of ${title} was reported blocked after the handover: a claim is open and ReCell will decide it`
          : `The IMEI of ${title} was reported blocked after the handover: a claim holds ${about.amount ?? 'the earning'} until ReCell decides`;
      }
      return side === 'buyer'
        ? `Your claim for ${title} is open: ReCell will decide it and tell you both`
        : `The buyer reported a problem with ${title}: ${about.amount ?? 'the earning'} is on hold until ReCell decides`;
    case 'claim_refunded':
      return side === 'buyer'
        ? `Your claim for ${title} was upheld: ${about.amount ?? 'the price'} is refunded to your card (${about.reason ?? 'no reason given'})`
        : `The claim for ${title} was upheld and the buyer refunded (${about.reason ?? 'no reason given'})`;
    case 'claim_released':
      return side === 'buyer'
        ? `Your claim for ${title} was not upheld (${about.reason ?? 'no reason given'})`
        : `The claim for ${title} was not upheld: ${about.amount ?? 'the earning'} is yours (${about.reason ?? 'no reason given'})`;
    case 'payout_paid':
      return `${about.amount ?? 'Your payout'} was paid out to the account ending ${about.last4 ?? '····'}`;
  }
}

/** The email's one button, to the page the notification links to. */
export const NOTIFICATION_ACTION: Record<NotificationKind, string> = {
  message: 'Reply',
  booking: 'See your buyers',
  card_held: 'Open the deal',
  deal_expiring: 'Open the deal',
  listing_removed: 'See your listings',
  report_resolved: 'Open ReCell',
  seller_verified: 'See your listings',
  handover_completed: 'Open the deal',
  deal_cancelled: 'Open the deal',
  deal_declined: 'Open the deal',
  deal_expired: 'Open the deal',
  review_received: 'Write your review',
  review_published: 'Read the reviews',
  review_hidden: 'See your review',
  meetup_reminder: 'Open the deal',
  offer_received: 'Answer the offer',
  offer_countered: 'Answer the counter',
  offer_accepted: 'Open the deal',
  offer_declined: 'See your offers',
  offer_withdrawn: 'See your offers',
  offer_expired: 'See your offers',
  offer_voided: 'See your offers',
  claim_opened: 'See the claim',
  claim_refunded: 'See the claim',
  claim_released: 'See the claim',
  payout_paid: 'See your payouts',
};
