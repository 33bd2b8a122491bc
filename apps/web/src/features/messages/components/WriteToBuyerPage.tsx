import { useId } from 'react';
import { useLocation } from 'wouter';
import { Link } from '@recell/ui/Link';
import { useStartConversation } from '../api/start-conversation';
import { Composer } from './Composer';
import * as styles from './Messages.css';

/** /dashboard/messages/booking/:bookingId (sellers): the first message to a buyer who booked, from My Buyers. */
export function WriteToBuyerPage({ bookingId }: { bookingId: string }) {
  const titleId = useId();
  const start = useStartConversation();
  const [, navigate] = useLocation();
  return (
    <section aria-labelledby={titleId} className={styles.thread}>
      <h1 id={titleId}>Write to your buyer</h1>
      <p>
        <Link href="/dashboard/myBuyers">Back to My Buyers</Link>
      </p>
      <Composer
        label="Your message"
        pending={start.isPending}
        onSend={(content) =>
          start
            .mutateAsync({ bookingId, ...content })
            .then((started) => navigate(`/dashboard/messages/${started._id}`, { replace: true }))
        }
      />
    </section>
  );
}
