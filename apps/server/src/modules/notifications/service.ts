// Notifications. `notify` runs inside the caller's transaction, beside the state change it tells
// about: it writes each recipient's notification, an outbox row for the live bell, and one for the email when
// the recipient has not turned that kind off; all of it commits or rolls back with the change. Never the actor,
// only the people the event is about. The outbox worker (worker.ts) delivers after the commit.
import {
  applyPreferences,
  type components,
  isOptionalEmail,
  MESSAGE_DIGEST_MINUTES,
  NOTIFICATION_ACTION,
  NOTIFICATION_PREFERENCE,
  type NotificationKind,
  type NotificationSide,
  notificationText,
  type ReportOutcome,
  webLinks,
} from '@recell/api';
import type { CurrentUser } from '../../auth/policy';
import type { Database } from '../../db/database';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId, now } from '../../ids';
import type { Signals } from '../../live/signals';
import type { DealNotice, DealParties } from '../deals/record';
import type { ReviewNotice } from '../reviews/service';
import { emailListing, renderEmail } from './email';
import type { NotificationRow, NotificationsRepository, Recipient } from './repository';
import { unsubscribeUrls, type UnsubscribeTokens } from './unsubscribe-token';

type Schemas = components['schemas'];
type Side = NotificationSide;

/** One person an event is about: by id, or by email (a booking names its buyer so). */
export interface NoticeRecipient {
  id?: string | null;
  email?: string;
  side: Side;
  /** The app page where their next action is. */
  link: string;
}

export interface Notice {
  kind: NotificationKind;
  to: readonly NoticeRecipient[];
  /** The user id of whoever caused it (never told), or null (the clock, the card processor). */
  actor: string | null;
  /** The listing it is about; none on a notice about the account (seller_verified). */
  listing?: { mobileId: string; title: string; picture?: string; priceCents?: number };
  /** A report's decision (report_resolved): the listing removed, or left up. */
  outcome?: ReportOutcome;
  /** Who did it, by name, where the words say so (a booking, a message). */
  who?: string;
  /** What a person wrote (a message's first words), quoted in the email as text. */
  quote?: string;
  /** A new message's conversation and its seq: a person who takes digests gets it in that conversation's. */
  thread?: { id: string; seq: number };
  /** review_published by the clock for one review alone: told to its author, or to the person it is about. */
  lone?: 'author' | 'subject';
  /** Where a meetup is (meetup_reminder). */
  place?: string;
  /** An offer's amount in words ("$420"): offer_* kinds; a claim's or a payout's too. */
  amount?: string;
  /** claim_opened: the buyer, or the automatic IMEI re-check. */
  openedBy?: 'buyer' | 'device_check';
  /** payout_paid: the account's last four digits. */
  last4?: string;
}

const QUOTE_MAX = 140;

export function toNotification(row: NotificationRow): Schemas['Notification'] {
  return {
    _id: row.id,
    kind: row.kind,
    text: row.text,
    ...(row.mobile_id !== null && row.title !== null
      ? { listing: { title: row.title, mobileId: row.mobile_id } }
      : {}),
    link: row.link,
    read: row.read_at !== null,
    createdAt: row.created_at,
  };
}

/** What a deal's notice names: its listing as it was booked. */
const listingOf = (deal: DealParties): Notice['listing'] => ({
  mobileId: deal.mobile_id,
  title: deal.mobile_name,
  picture: deal.picture,
  priceCents: deal.price_cents,
});

/** A deal's two sides as recipients: the buyer's orders page, the seller's buyers page. */
export function dealRecipients(deal: DealParties): NoticeRecipient[] {
  return [
    { email: deal.buyer_email, side: 'buyer', link: webLinks.dashboard() },
    { id: deal.seller_id, side: 'seller', link: webLinks.myBuyers() },
  ];
}

export function notificationsService(deps: {
  db: Database;
  notifications: NotificationsRepository;
  tokens: UnsubscribeTokens;
  signals: Signals;
  /** The site's origin, for the links in an email. */
  origin: string;
  /** When a digest's window opens: the deal clock, which tests and the demo move (the worker reads it too). */
  clock?: () => Date;
}) {
  const { db, notifications, tokens, signals, origin } = deps;
  const clock = deps.clock ?? (() => new Date());
  // An email's footer links to the web page (a click is a GET), never the POST-only API its header names.
  const unsubscribeLinks = unsubscribeUrls(origin, tokens);
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

  async function tellOne(notice: Notice, person: Recipient, target: NoticeRecipient, at: string) {
    const text = notificationText(notice.kind, target.side, {
      title: notice.listing?.title,
      who: notice.who,
      outcome: notice.outcome,
      reason: notice.quote,
      lone: notice.lone,
      place: notice.place,
      amount: notice.amount,
      openedBy: notice.openedBy,
      last4: notice.last4,
    }).slice(0, 300);
    await notifications.insert({
      id: newId('n'),
      user_id: person.id,
      kind: notice.kind,
      text,
      mobile_id: notice.listing?.mobileId ?? null,
      title: notice.listing?.title ?? null,
      link: target.link,
      created_at: at,
    });
    const live = { user_id: person.id, to_email: null, subject: null, html: null, text: null };
    await notifications.enqueue(
      { id: newId('o'), channel: 'live', ...live, unsubscribe_kind: null, created_at: at },
      at,
    );
    const preference = NOTIFICATION_PREFERENCE[notice.kind];
    const optional = isOptionalEmail(preference) ? preference : null;
    const preferences = optional ? await notifications.preferences(person.id) : null;
    if (optional && !preferences?.[optional]) return;
    if (notice.thread && preferences?.messageEmail === 'digest') {
      // No email of its own: it waits for its conversation's digest, whose window the first such message opens.
      const opened = clock();
      await notifications.queueDigest(
        {
          userId: person.id,
          conversationId: notice.thread.id,
          messageSeq: notice.thread.seq,
          at: opened.toISOString(),
        },
        newId('digest'),
        new Date(opened.getTime() + MESSAGE_DIGEST_MINUTES * 60_000).toISOString(),
      );
      return;
    }
    const email = renderEmail({
      headline: text,
      ...(notice.quote ? { quote: notice.quote.slice(0, QUOTE_MAX) } : {}),
      ...(notice.listing ? { listing: emailListing(absolute, notice.listing) } : {}),
      action: { label: NOTIFICATION_ACTION[notice.kind], url: absolute(target.link) },
      ...(optional ? { unsubscribeUrl: unsubscribeLinks(person.id, optional).page } : {}),
      preferencesUrl: absolute(webLinks.notificationSettings()),
    });
    await notifications.enqueue(
      {
        id: newId('mail'),
        channel: 'email',
        user_id: person.id,
        to_email: person.email,
        subject: text.slice(0, 150),
        ...email,
        unsubscribe_kind: optional,
        created_at: at,
      },
      at,
    );
  }

  /** In the caller's transaction: each recipient but the actor is told, once even if named twice. */
  async function notify(notice: Notice) {
    const ids = notice.to.flatMap((one) => (one.id ? [one.id] : []));
    const emails = notice.to.flatMap((one) => (one.email ? [one.email] : []));
    const people = await notifications.people(ids, emails);
    const at = now();
    const told = new Set<string>();
    for (const target of notice.to) {
      const person = people.find(
        (candidate) =>
          candidate.id === target.id ||
          (target.email && candidate.email.toLowerCase() === target.email.toLowerCase()),
      );
      // A deleted account, or the actor themself (the seller who books as an admin, say): nobody to tell.
      if (!person || person.id === notice.actor || told.has(person.id)) continue;
      told.add(person.id);
      await tellOne(notice, person, target, at);
    }
  }

  /** Both sides of the deal but the actor; a booking is news to its seller only. */
  const dealNotice: DealNotice = (kind, booking, actor) =>
    notify({
      kind,
      to: dealRecipients(booking).filter((one) => kind !== 'booking' || one.side === 'seller'),
      actor,
      listing: listingOf(booking),
      who: booking.buyer_name,
    });

  /** One side of a reviewed deal (the reviews module's port): the actor, who wrote or hid, is never told. */
  const reviewNotice: ReviewNotice = (kind, booking, side, actor, detail = {}) =>
    notify({
      kind,
      to: dealRecipients(booking).filter((one) => one.side === side),
      actor,
      listing: listingOf(booking),
      ...detail,
    });

  /**
   * Writes the change; a person who no longer takes digests has their open windows closed now: sent as they
   * are (instant), or with nothing to say (off). In one transaction, so a message racing it is in one or the other.
   */
  const setPreferences = (userId: string, changes: Schemas['NotificationPreferencesUpdate']) =>
    db.transaction(async () => {
      await notifications.setPreferences(userId, changes, now());
      const after = await notifications.preferences(userId);
      if (after.messageEmail !== 'digest') await notifications.closeDigests(userId, clock().toISOString());
      return after;
    });

  /** The caller's other tabs learn the new count (after the commit; a missed one is fixed by the next fetch). */
  const recount = async (user: CurrentUser) => {
    await signals.send([{ user: user.id, type: 'notification' }]).catch(() => undefined);
    return { unread: await notifications.unread(user.id) };
  };

  return {
    notify,
    dealNotice,
    reviewNotice,
    unread: (userId: string) => notifications.unread(userId),

    async listNotifications(user: CurrentUser, page: PageRequest) {
      const { rows, total } = await notifications.page(user.id, page);
      return pageOf(rows.map(toNotification), total, page);
    },

    getNotificationCount: async (user: CurrentUser) => ({ unread: await notifications.unread(user.id) }),

    /** Someone else's notification is a 404, as one that does not exist: its id says nothing. */
    async markNotificationRead(user: CurrentUser, id: string) {
      const row = await notifications.find(id);
      if (!row || row.user_id !== user.id) notFound();
      await notifications.markRead(user.id, id, now());
      return recount(user);
    },

    async markAllNotificationsRead(user: CurrentUser) {
      await notifications.markAllRead(user.id, now());
      return recount(user);
    },

    getNotificationPreferences: (user: CurrentUser) => notifications.preferences(user.id),

    async updateNotificationPreferences(
      user: CurrentUser,
      changes: Schemas['NotificationPreferencesUpdate'],
    ) {
      // Checked against what the person has now, as the mocks check it (@recell/api's applyPreferences).
      const current = await notifications.preferences(user.id);
      if (!applyPreferences(current, changes)) {
        throw new HttpError(400, 'message and messageEmail disagree; send one of them');
      }
      return setPreferences(user.id, changes);
    },

    /** What a link turns off, for the page it opens; reads only (a GET a mail scanner may follow). */
    async getUnsubscribeLink(token: string): Promise<Schemas['UnsubscribeLink']> {
      const named = tokens.read(token) ?? forbidden('This unsubscribe link is not valid');
      const [person] = await notifications.people([named.userId], []);
      if (!person) throw new HttpError(404, 'Not found');
      return { kind: named.kind, email: (await notifications.preferences(named.userId))[named.kind] };
    },

    /** One-click: twice is the same as once; a token that does not verify changes nothing. */
    async unsubscribe(token: string): Promise<Schemas['Unsubscribed']> {
      const named = tokens.read(token) ?? forbidden('This unsubscribe link is not valid');
      const { changes } = await db.transaction(async () => {
        const [person] = await notifications.people([named.userId], []);
        if (!person) return { changes: 0 };
        await setPreferences(named.userId, { [named.kind]: false });
        return { changes: 1 };
      });
      // A person deleted since the email was sent: nothing is left to turn off, and nothing to tell.
      if (changes === 0) throw new HttpError(404, 'Not found');
      return { kind: named.kind, email: false };
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
