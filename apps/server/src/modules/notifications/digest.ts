// The message digest: a person who takes message email as a digest gets, when a conversation's window
// closes, one email listing that conversation's messages they have not read in the app since, oldest first (none
// when they read them all, or turned message email off meanwhile). Written when delivered, not when queued,
// since what it lists depends on what was read in the window. The worker (worker.ts) claims the window's outbox
// row as it claims every row, calls `compose`, sends, and then closes it (repository.digestSent).
import { messageDigestText, NOTIFICATION_ACTION, webLinks } from '@recell/api';
import { emailListing, renderEmail } from './email';
import type { NotificationsRepository, OutboxRow } from './repository';

export interface ComposedDigest {
  /** The email, or null when there is nothing to send. */
  mail: { to: string; subject: string; html: string; text: string } | null;
  /** The waiting messages this digest settles, listed or left out. */
  itemSeqs: number[];
}

export function messageDigests(deps: {
  notifications: NotificationsRepository;
  origin: string;
  /** The unsubscribe page a footer links to (the header names the one-click API). */
  unsubscribePage: (userId: string) => string;
}) {
  const { notifications, origin } = deps;
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

  return {
    async compose(row: Pick<OutboxRow, 'user_id' | 'digest_thread'>): Promise<ComposedDigest> {
      const conversationId = row.digest_thread ?? '';
      const items = await notifications.digestItems(row.user_id, conversationId);
      const itemSeqs = items.map((item) => Number(item.seq));
      const unread = items.filter((item) => Number(item.is_read) === 0);
      const { messageEmail } = await notifications.preferences(row.user_id);
      const target = await notifications.digestTarget(row.user_id, conversationId);
      if (messageEmail === 'off' || unread.length === 0 || !target) return { mail: null, itemSeqs };
      const subject = messageDigestText(unread.length, target.title);
      const email = renderEmail({
        headline: subject,
        messages: unread.map((item) => ({ who: item.sender ?? 'Someone', text: item.text })),
        listing: emailListing(absolute, {
          title: target.title,
          picture: target.picture,
          priceCents: Number(target.price_cents),
        }),
        action: {
          label: NOTIFICATION_ACTION.message,
          url: absolute(webLinks.conversation(conversationId)),
        },
        unsubscribeUrl: deps.unsubscribePage(row.user_id),
        preferencesUrl: absolute(webLinks.notificationSettings()),
      });
      return { mail: { to: target.email, subject: subject.slice(0, 150), ...email }, itemSeqs };
    },
  };
}

export type MessageDigests = ReturnType<typeof messageDigests>;
