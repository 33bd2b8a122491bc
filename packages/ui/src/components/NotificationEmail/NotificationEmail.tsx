/** @jsxRuntime automatic */
/** @jsxImportSource react */
// (The pragmas: the server runs this file under tsx, which reads only apps/server's tsconfig for its own files and
// would compile this one with the classic runtime, which needs a React in scope.)
// The notification email, one source for the server, which renders it to static HTML and sends it, and
// Storybook, which shows designers the same mail. React escapes every text it is given, so a listing title or a
// message someone wrote can never become markup. In the brand: the listing's picture and price, one button to the
// page where the next action is. Mail clients ignore stylesheets and CSS variables: colours are inline values
// here, not the theme's vars, and the mail is light in either theme.

export interface EmailContent {
  /** What happened, in words (also the subject). */
  headline: string;
  /** A quote of what a person wrote (a message's first words), shown as text. */
  quote?: string;
  /** A message digest's messages, oldest first: who wrote each and what (as text; null for a picture). */
  messages?: readonly { who: string; text: string | null }[];
  /** The listing's picture, title and price; none on a notice about the account. */
  listing?: { title: string; picture?: string; price?: string };
  action: { label: string; url: string };
  /** The unsubscribe page's URL, when this kind may be turned off. */
  unsubscribeUrl?: string;
  preferencesUrl: string;
}

const BRAND = '#0f766e';
/** The page behind the card, and the muted text (4.6:1 on white, AA). */
const CANVAS = '#f4f4f5';
const MUTED = '#52525b';
/** What someone wrote, set apart (a message's quote, each message of a digest). */
const QUOTE = {
  borderLeft: `3px solid ${BRAND}`,
  padding: '4px 12px',
  color: '#3f3f46',
  whiteSpace: 'pre-wrap',
} as const;
/** What a message of pictures only shows in a digest. */
const PICTURE = 'Sent a picture';

/** The mail's visible part: what a mail client shows inside its body (Storybook renders this). */
export function NotificationEmailBody({ content }: { content: EmailContent }) {
  const { headline, quote, messages, listing, action, unsubscribeUrl, preferencesUrl } = content;
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ background: CANVAS, fontFamily: 'Helvetica, Arial, sans-serif' }}
    >
      <tbody>
        <tr>
          <td align="center" style={{ padding: '24px 12px' }}>
            <table
              role="presentation"
              width="560"
              cellPadding={0}
              cellSpacing={0}
              style={{ background: '#ffffff', borderRadius: 8, padding: 24, maxWidth: 560 }}
            >
              <tbody>
                <tr>
                  <td style={{ color: BRAND, fontSize: 20, fontWeight: 700, paddingBottom: 16 }}>ReCell</td>
                </tr>
                <tr>
                  <td style={{ fontSize: 18, color: '#18181b', paddingBottom: 16 }}>{headline}</td>
                </tr>
                {quote ? (
                  <tr>
                    <td style={QUOTE}>{quote}</td>
                  </tr>
                ) : null}
                {messages?.map((message, index) => (
                  <tr key={index}>
                    <td style={QUOTE}>
                      <div style={{ fontWeight: 600, color: '#18181b' }}>{message.who}</div>
                      {message.text ?? <em>{PICTURE}</em>}
                    </td>
                  </tr>
                ))}
                {listing ? (
                  <tr>
                    <td style={{ padding: '16px 0' }}>
                      {listing.picture ? (
                        <img
                          src={listing.picture}
                          alt=""
                          width="96"
                          height="96"
                          style={{ borderRadius: 6 }}
                        />
                      ) : null}
                      <div style={{ fontWeight: 600, color: '#18181b' }}>{listing.title}</div>
                      {listing.price ? <div style={{ color: MUTED }}>{listing.price}</div> : null}
                    </td>
                  </tr>
                ) : null}
                <tr>
                  <td style={{ paddingTop: 8 }}>
                    <a
                      href={action.url}
                      style={{
                        background: BRAND,
                        color: '#ffffff',
                        padding: '10px 18px',
                        borderRadius: 6,
                        textDecoration: 'none',
                        display: 'inline-block',
                      }}
                    >
                      {action.label}
                    </a>
                  </td>
                </tr>
                <tr>
                  <td style={{ paddingTop: 24, fontSize: 12, color: MUTED }}>
                    <a href={preferencesUrl} style={{ color: MUTED }}>
                      Email settings
                    </a>
                    {unsubscribeUrl ? (
                      <>
                        {' · '}
                        <a href={unsubscribeUrl} style={{ color: MUTED }}>
                          Unsubscribe from these emails
                        </a>
                      </>
                    ) : null}
                  </td>
                </tr>
              </tbody>
            </table>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** The whole HTML document the server sends (renderToStaticMarkup, with a doctype before it). */
export function NotificationEmail({ content }: { content: EmailContent }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>{content.headline}</title>
      </head>
      <body style={{ margin: 0, background: CANVAS }}>
        <NotificationEmailBody content={content} />
      </body>
    </html>
  );
}

/** The text part: the same content, for clients that show no HTML. */
export function notificationEmailText(content: EmailContent): string {
  return [
    content.headline,
    '',
    ...(content.quote ? [`"${content.quote}"`, ''] : []),
    ...(content.messages ?? []).flatMap((message) => [
      `${message.who}: ${message.text === null ? PICTURE : `"${message.text}"`}`,
      '',
    ]),
    ...(content.listing
      ? [[content.listing.title, content.listing.price].filter(Boolean).join(' · '), '']
      : []),
    `${content.action.label}: ${content.action.url}`,
    '',
    `Email settings: ${content.preferencesUrl}`,
    ...(content.unsubscribeUrl ? [`Unsubscribe: ${content.unsubscribeUrl}`] : []),
  ].join('\n');
}
