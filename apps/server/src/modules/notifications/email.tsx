// The notification email as the server sends it: @recell/ui's NotificationEmail (the one template, which Storybook
// shows designers too) rendered to static HTML, with its text part.
import { NotificationEmail, notificationEmailText, type EmailContent } from '@recell/ui/NotificationEmail';
import { renderToStaticMarkup } from 'react-dom/server';

export type { EmailContent };

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<NotificationEmail content={content} />)}`;
  return { html, text: notificationEmailText(content) };
}
