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

/** The frame may open a link in a tab of its own, unsandboxed, and nothing more. */
export const MAIL_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

/** Every link of the mail opens in a new tab: a `<base target>` in its head (or before it, without one). */
export function inNewTabs(html: string): string {
  const base = '<base target="_blank">';
  return /<head(\s[^>]*)?>/i.test(html)
    ? html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}${base}`)
    : `${base}${html}`;
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
      {/* the mail's own HTML, as sent: the sandbox runs no script, submits no form and reaches nothing of the app;
          its links open in a new tab, as a mail client's do (in the frame, the app would refuse to be framed) */}
      <iframe
        title={`The HTML part of “${mail.subject}”`}
        sandbox={MAIL_SANDBOX}
        srcDoc={inNewTabs(mail.html)}
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
