import type { Conversation, Message } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { formatMoney } from '@recell/ui/format';
import { Link } from '@recell/ui/Link';
import { LinkButton } from '@recell/ui/LinkButton';
import { Spinner } from '@recell/ui/Spinner';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Confirm } from '../../../components/Confirm';
import { QueryState } from '../../../components/QueryState';
import { thumb } from '../../../components/styles.css';
import { errorMessage, useToast } from '../../../lib/toast';
import { dhakaTime } from '../../../lib/meetup-time';
import { sentAt } from '../../../lib/sent-at';
import { useBlockPerson } from '../api/block-person';
import { useConversation } from '../api/get-conversation';
import { allMessages, useMessages } from '../api/list-messages';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { useSendMessage } from '../api/send-message';
import { useUnblockPerson } from '../api/unblock-person';
import { useLiveStatus } from '../live-status';
import { Composer } from './Composer';
import { DEAL_LABEL } from './deal-label';
import * as styles from './Messages.css';
import { ReportMessage } from './ReportMessage';
import { SafetyBanner } from './SafetyBanner';

/** The listing, the other person and the deal's state, with a link to the deal; Block or Unblock. */
function ThreadHead({ conversation }: { conversation: Conversation }) {
  const { listing, other, booking, you } = conversation;
  const toast = useToast();
  const block = useBlockPerson(conversation._id);
  const unblock = useUnblockPerson(conversation._id);
  // blocking stops both sides writing: asked first, as a misplaced tap would end a deal's only channel
  const [asking, setAsking] = useState(false);
  const dealHref = you === 'buyer' ? '/dashboard' : '/dashboard/myBuyers';
  return (
    <div className={styles.head}>
      <img src={listing.picture} alt="" width={72} height={54} className={thumb} />
      <div className={styles.headText}>
        <p className={styles.rowTitle}>
          {listing.title} · {formatMoney({ dollars: listing.price })}
        </p>
        <p className={styles.muted}>
          {you === 'buyer' ? 'Seller' : 'Buyer'}: {other.name}
        </p>
        {booking?.meetup ? (
          // the meetup the booking chose, as booked
          <p className={styles.muted}>
            Meetup: {booking.meetup.place}
            {booking.meetup.address ? `, ${booking.meetup.address}` : ''}
            {booking.meetup.at ? (
              <>
                {' · '}
                <time dateTime={booking.meetup.at}>{dhakaTime(booking.meetup.at)}</time> (Dhaka time)
              </>
            ) : null}
          </p>
        ) : null}
        {booking ? (
          <p className={styles.muted}>
            Deal: {DEAL_LABEL[booking.status]} ·{' '}
            <Link href={dealHref}>{you === 'buyer' ? 'Open My Orders' : 'Open My Buyers'}</Link>
          </p>
        ) : listing.removed ? null : (
          <p className={styles.muted}>Not booked yet</p>
        )}
        {/* booked is not protected until the card is held: the buyer's one next step, here too */}
        {booking?.status === 'unpaid' && you === 'buyer' ? (
          <LinkButton
            size="sm"
            className={styles.headAction}
            href={`/dashboard/payment/${booking._id}`}
            aria-label={`Pay to hold ${listing.title}`}
          >
            Pay to hold
          </LinkButton>
        ) : null}
      </div>
      {conversation.blockedByYou ? (
        <Button
          variant="secondary"
          size="sm"
          isPending={unblock.isPending}
          onPress={() => unblock.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })}
        >
          Unblock {other.name}
        </Button>
      ) : (
        <Button variant="secondary" size="sm" onPress={() => setAsking(true)}>
          Block {other.name}
        </Button>
      )}
      {asking ? (
        <Confirm
          title={`Block ${other.name}?`}
          action="Block"
          pending={block.isPending}
          onConfirm={() =>
            block.mutate(undefined, {
              onSuccess: () => setAsking(false),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
          onClose={() => setAsking(false)}
        >
          <p>
            Neither of you can write in this conversation until you unblock them. A booking between you stays
            as it is.
          </p>
        </Confirm>
      ) : null}
    </div>
  );
}

function MessageItem({ message, otherName, seen }: { message: Message; otherName: string; seen: boolean }) {
  return (
    <li className={`${styles.message} ${message.mine ? styles.mine : ''}`}>
      {message.safety?.length ? <SafetyBanner findings={message.safety} /> : null}
      <div className={`${styles.bubble} ${message.mine ? styles.mineBubble : ''}`}>
        <p className={styles.muted}>
          {message.mine ? 'You' : otherName} · <time dateTime={message.sentAt}>{sentAt(message.sentAt)}</time>
        </p>
        {/* text as text: React escapes it, and nothing turns a link into an anchor */}
        {message.text ? <p className={styles.text}>{message.text}</p> : null}
        {message.pictures.length > 0 ? (
          <div className={styles.pictures}>
            {message.pictures.map((url, index) => (
              <img
                key={url}
                src={url}
                alt={`Attachment ${index + 1} from ${message.mine ? 'you' : otherName}`}
                className={styles.picture}
                loading="lazy"
              />
            ))}
          </div>
        ) : null}
      </div>
      {seen ? <p className={styles.muted}>Seen</p> : null}
      {!message.mine ? <ReportMessage messageId={message._id} from={otherName} /> : null}
    </li>
  );
}

/** What stops writing, said plainly (a block by the other person is not explained, only stated). */
function CannotSend({ conversation }: { conversation: Conversation }) {
  if (conversation.closed)
    return (
      <p className={styles.notice} role="status">
        This listing was removed, so the conversation is closed. You can still read it.
      </p>
    );
  return (
    <p className={styles.notice} role="status">
      You can no longer message {conversation.other.name}.
    </p>
  );
}

function Thread({ conversation }: { conversation: Conversation }) {
  const live = useLiveStatus();
  const query = useMessages(conversation._id);
  const send = useSendMessage(conversation._id);
  const markRead = useMarkConversationRead(conversation._id);
  const items = allMessages(query.data);
  // the other side has read what they answered: a reply counts as reading, whether or not a read mark came
  const otherSeenUpTo = Math.max(
    query.data?.pages[0]?.otherSeenUpTo ?? conversation.otherSeenUpTo,
    items.findLast((message) => !message.mine)?.seq ?? 0,
  );
  const lastMine = items.findLast((message) => message.mine);
  const newest = items.at(-1);
  const end = useRef<HTMLDivElement>(null);

  // reading the thread marks it read up to its newest message, once per new message from the other side
  const marked = useRef(0);
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (!newest || newest.mine || newest.seq <= marked.current) return;
    marked.current = newest.seq;
    mark(newest.seq);
  }, [newest, mark]);

  // a new message at the bottom scrolls into view; loading earlier ones does not
  const newestSeq = newest?.seq;
  useEffect(() => {
    if (newestSeq !== undefined) end.current?.scrollIntoView?.({ block: 'end' });
  }, [newestSeq]);

  return (
    <>
      {live === 'reconnecting' ? (
        <p className={styles.notice} role="status">
          Reconnecting… New messages may take up to 15 seconds to show.
        </p>
      ) : null}
      {query.isError ? (
        <p className={styles.notice} role="alert">
          Could not load the messages: {query.error.message}
        </p>
      ) : query.isPending ? (
        <Spinner label="Loading the messages" />
      ) : (
        <>
          {query.hasNextPage ? (
            <Button
              variant="secondary"
              size="sm"
              isPending={query.isFetchingNextPage}
              onPress={() => void query.fetchNextPage()}
            >
              Load earlier messages
            </Button>
          ) : null}
          <ol className={styles.messages} aria-label={`Messages with ${conversation.other.name}`}>
            {items.map((message) => (
              <MessageItem
                key={message.seq}
                message={message}
                otherName={conversation.other.name}
                seen={message === lastMine && otherSeenUpTo >= message.seq}
              />
            ))}
          </ol>
        </>
      )}
      <div ref={end} />
      {conversation.canSend ? (
        <Composer
          label={`Message to ${conversation.other.name}`}
          pending={send.isPending}
          onSend={(content) => send.mutateAsync(content)}
        />
      ) : (
        <CannotSend conversation={conversation} />
      )}
    </>
  );
}

/** /dashboard/messages/:id: one conversation, the deal's state at its top, the newest message at the bottom. */
export function ThreadPage({
  id,
  renderAside,
}: {
  id: string;
  /** What another feature shows above the messages (the open offer between the two), composed by the app. */
  renderAside?: (conversation: Conversation) => ReactNode;
}) {
  const titleId = useId();
  const query = useConversation(id);
  return (
    <section aria-labelledby={titleId} className={styles.thread}>
      <h1 id={titleId}>{query.data ? `Messages with ${query.data.other.name}` : 'Messages'}</h1>
      <p>
        <Link href="/dashboard/messages">All messages</Link>
      </p>
      <QueryState query={query} label="the conversation">
        {(conversation) => (
          <>
            <ThreadHead conversation={conversation} />
            {renderAside?.(conversation)}
            <Thread conversation={conversation} />
          </>
        )}
      </QueryState>
    </section>
  );
}
