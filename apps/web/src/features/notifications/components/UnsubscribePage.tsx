import type { UnsubscribeLink } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { useId } from 'react';
import { Link } from 'wouter';
import { QueryState } from '../../../components/QueryState';
import { errorMessage, useToast } from '../../../lib/toast';
import { useUnsubscribeLink } from '../api/get-unsubscribe-link';
import { useUnsubscribe } from '../api/unsubscribe';
import { PREFERENCE_LABEL } from '../notifications-label';
import * as styles from './Notifications.css';

const SETTINGS = '/dashboard/notifications/settings';

/** What the link stops, and one button that stops it; once off, says so and where to turn it back on. */
function UnsubscribeForm({ token, link }: { token: string; link: UnsubscribeLink }) {
  const toast = useToast();
  const unsubscribe = useUnsubscribe(token);
  const kind = PREFERENCE_LABEL[link.kind].toLowerCase();
  if (!link.email)
    return (
      <div className={styles.unsubscribe} role="status">
        <p>
          {unsubscribe.isSuccess ? 'Done: ' : ''}
          You will no longer get emails about {kind}. They still show under the bell in the app.
        </p>
        <p>
          <Link href={SETTINGS}>Email settings</Link> turn them back on (sign in first).
        </p>
      </div>
    );
  return (
    <div className={styles.unsubscribe}>
      <p>This stops the emails about {kind}. Deal and payment emails stay on.</p>
      <div>
        <Button
          variant="primary"
          isPending={unsubscribe.isPending}
          onPress={() =>
            unsubscribe.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })
          }
        >
          Unsubscribe
        </Button>
      </div>
    </div>
  );
}

/**
 * /unsubscribe?token=…: the page an email's "Unsubscribe from these emails" link opens, without signing in. A
 * click is a GET, so opening the page changes nothing (mail scanners open links too); the button POSTs the same
 * one-click unsubscribe a mail client sends.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const titleId = useId();
  const query = useUnsubscribeLink(token);
  return (
    <section aria-labelledby={titleId}>
      <h1 id={titleId}>Unsubscribe</h1>
      {token ? (
        <QueryState query={query} label="this unsubscribe link" skeleton="rows">
          {(link) => <UnsubscribeForm token={token} link={link} />}
        </QueryState>
      ) : (
        <p className={styles.muted}>
          This link is not complete. Use the whole link from the email, or change your{' '}
          <Link href={SETTINGS}>email settings</Link>.
        </p>
      )}
    </section>
  );
}
