import type { components, Message } from '@recell/api';
import { formatMoney } from '@recell/ui/format';
import { Link } from '@recell/ui/Link';
import { useId } from 'react';
import { QueryState } from '../../../components/QueryState';
import { sentAt } from '../../../lib/sent-at';
import { useReportedConversation } from '../api/get-reported-conversation';
import * as styles from './Messages.css';
import { SafetyBanner } from './SafetyBanner';

type ReportedConversation = components['schemas']['ReportedConversation'];

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function ReportedMessage({
  message,
  conversation,
  reported,
}: {
  message: Message;
  conversation: ReportedConversation;
  reported: boolean;
}) {
  const party = conversation[message.from];
  return (
    // the seller's side on the right, as a thread shows each side
    <li
      className={`${styles.message} ${message.from === 'seller' ? styles.mine : ''} ${reported ? styles.reported : ''}`}
    >
      {reported ? <p className={styles.reportedLabel}>Reported message</p> : null}
      {message.safety?.length ? <SafetyBanner findings={message.safety} /> : null}
      <div className={styles.bubble}>
        <p className={styles.muted}>
          {party.name} ({message.from}) · <time dateTime={message.sentAt}>{sentAt(message.sentAt)}</time>
        </p>
        {/* text as text: React escapes it, and nothing turns a link into an anchor */}
        {message.text ? <p className={styles.text}>{message.text}</p> : null}
        {/* text only: a moderator reads what was written; pictures stay with the two parties */}
        {message.pictures.length > 0 ? (
          <p className={styles.muted}>{plural(message.pictures.length, 'picture')}, not shown here</p>
        ) : null}
      </div>
    </li>
  );
}

function Conversation({ conversation }: { conversation: ReportedConversation }) {
  const { report, listing, buyer, seller, messages } = conversation;
  return (
    <>
      <div className={styles.headText}>
        <p className={styles.rowTitle}>
          {listing.title} · {formatMoney({ dollars: listing.price })}
          {listing.removed ? ' (removed)' : ''}
        </p>
        <p className={styles.muted}>
          Buyer: {buyer.name} ({buyer.email}) · Seller: {seller.name} ({seller.email})
        </p>
        <p className={styles.muted}>
          Reported by {report.reporterEmail}: {report.Report}
        </p>
      </div>
      <ol className={styles.messages} aria-label={`Messages between ${buyer.name} and ${seller.name}`}>
        {messages.map((message) => (
          <ReportedMessage
            key={message._id}
            message={message}
            conversation={conversation}
            reported={message._id === report.messageId}
          />
        ))}
      </ol>
    </>
  );
}

/**
 * /dashboard/report/:id/conversation (admins): the thread a message report names, read-only and text only, the
 * reported message marked among those around it. An admin reads a thread only through a report, and the server
 * writes each reading to the audit log; the page says so.
 */
export function ReportedConversationPage({ reportId }: { reportId: string }) {
  const titleId = useId();
  const query = useReportedConversation(reportId);
  return (
    <section aria-labelledby={titleId} className={styles.thread}>
      <h1 id={titleId}>Reported conversation</h1>
      <p>
        <Link href="/dashboard/report">All reports</Link>
      </p>
      <p className={styles.notice}>
        You are reading this because a report names one of its messages. Your reading is written to the audit
        log.
      </p>
      <QueryState query={query} label="the conversation">
        {(conversation) => <Conversation conversation={conversation} />}
      </QueryState>
    </section>
  );
}
