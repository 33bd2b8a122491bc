import type { Conversation } from '@recell/api';
import { formatMoney } from '@recell/ui/format';
import { visuallyHidden as visuallyHiddenText } from '@recell/ui/theme';
import { Link } from 'wouter';
import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import { thumb } from '../../../components/styles.css';
import { sentAt } from '../../../lib/sent-at';
import { useConversations } from '../api/list-conversations';
import * as styles from './Messages.css';

function InboxRow({ conversation }: { conversation: Conversation }) {
  const { listing, other, unread, lastMessage } = conversation;
  const preview = lastMessage
    ? `${lastMessage.mine ? 'You: ' : ''}${lastMessage.preview}`
    : 'No messages yet';
  return (
    <li>
      <Link href={`/dashboard/messages/${conversation._id}`} className={styles.inboxRow}>
        <img src={listing.picture} alt="" width={56} height={42} className={thumb} />
        <span className={styles.rowText}>
          <span className={`${styles.rowTitle} ${unread > 0 ? styles.unreadTitle : ''}`}>
            {other.name} · {listing.title}
          </span>
          <span className={styles.preview}>{preview}</span>
          <span className={styles.muted}>
            {formatMoney({ dollars: listing.price })}
            {conversation.closed ? ' · Closed' : ''}
            {lastMessage ? ` · ${sentAt(lastMessage.sentAt)}` : ''}
          </span>
        </span>
        {unread > 0 ? (
          <span className={styles.unreadBadge}>
            {unread}
            <span className={visuallyHiddenText}> unread</span>
          </span>
        ) : (
          <span />
        )}
      </Link>
    </li>
  );
}

/** /dashboard/messages: the caller's conversations as buyer or seller, the most recent first, unread marked. */
export function InboxPage() {
  const paging = usePageParam();
  return (
    <ListSection
      title="Messages"
      query={useConversations(paging.page)}
      paging={paging}
      label="your conversations"
      empty="No messages yet. Ask a seller about a phone from its page, and the conversation shows here."
      skeleton="rows"
    >
      {({ items }) => (
        <ul className={styles.inbox} aria-label="Conversations">
          {items.map((conversation) => (
            <InboxRow key={conversation._id} conversation={conversation} />
          ))}
        </ul>
      )}
    </ListSection>
  );
}
