// The notification email as the server sends it: @recell/ui's NotificationEmail (the one template, which Storybook
// shows designers too) rendered to static HTML, with its text part.
import { NotificationEmail, notificationEmailText, type EmailContent } from '@recell/ui/NotificationEmail';
import { formatMoney } from '@recell/ui/format';
import { renderToStaticMarkup } from 'react-dom/server';

export type { EmailContent };

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<NotificationEmail content={content} />)}`;
  return { html, text: notificationEmailText(content) };
}

/** A listing as an email shows it: its picture as an absolute URL, its price in words. */
export function emailListing(
  absolute: (path: string) => string,
  listing: { title: string; picture?: string | undefined; priceCents?: number | undefined },
): NonNullable<EmailContent['listing']> {
  return {
    title: listing.title,
    // a listing removed before the event (a report decided after its seller deleted it) has neither
    ...(listing.picture ? { picture: absolute(listing.picture) } : {}),
    ...(listing.priceCents === undefined ? {} : { price: formatMoney({ cents: listing.priceCents }) }),
  };
}
