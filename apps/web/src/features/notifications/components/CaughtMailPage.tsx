import type { CaughtMail } from '@recell/api';
import { Link } from 'wouter';
import { usePageParam } from '../../../components/Pager';
import { ListSection, QueryState } from '../../../components/QueryState';
import { sentAt } from '../../../lib/sent-at';
import { useCaughtMail } from '../api/get-caught-mail';
import { useCaughtMailList } from '../api/list-caught-mail';
import * as styles from './Notifications.css';

/** /dashboard/mail (admins, demo mode): what the local SMTP server caught, newest first. */
export function CaughtMailListPage() {
  const paging = usePageParam();
  return (
    <ListSection
      title="Demo mail"
      query={useCaughtMailList(paging.page)}
      paging={paging}
      label="the caught mail"
      empty="No mail caught yet. Email the app sends in demo mode shows here."
      skeleton="rows"
    >
      {({ items }) => (
        <ul className={styles.list} aria-label="Caught mail">
          {items.map((mail) => (
            <li key={mail._id}>
              <Link href={`/dashboard/mail/${encodeURIComponent(mail._id)}`} className={styles.mailRow}>
                <span className={styles.text}>{mail.subject}</span>
                <span className={styles.muted}>
                  To {mail.to} · {sentAt(mail.receivedAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}

function MailView({ mail }: { mail: CaughtMail }) {
  const headers: [string, string | undefined][] = [
    ['From', mail.from],
    ['To', mail.to],
    ['Received', sentAt(mail.receivedAt)],
    ['Message-ID', mail.messageId],
    ['List-Unsubscribe', mail.listUnsubscribe],
    ['List-Unsubscribe-Post', mail.listUnsubscribePost],
  ];
  return (
    <>
      <h1>{mail.subject}</h1>
      <dl className={styles.headers}>
        {headers.map(([name, value]) =>
          value === undefined ? null : (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ),
        )}
      </dl>
      <h2>HTML part</h2>
      {/* the mail's own HTML, as sent: an empty sandbox runs no script, submits no form and reaches nothing of the app */}
      <iframe
        title={`The HTML part of “${mail.subject}”`}
        sandbox=""
        srcDoc={mail.html}
        className={styles.mailFrame}
      />
      <h2>Text part</h2>
      <pre className={styles.mailText}>{mail.text}</pre>
    </>
  );
}

/** /dashboard/mail/:id (admins, demo mode): one caught email, its HTML sandboxed and its text part. */
export function CaughtMailPage({ id }: { id: string }) {
  return (
    <article className={styles.mail}>
      <Link href="/dashboard/mail">Back to the caught mail</Link>
      <QueryState query={useCaughtMail(id)} label="the email" skeleton="rows">
        {(mail) => <MailView mail={mail} />}
      </QueryState>
    </article>
  );
}
