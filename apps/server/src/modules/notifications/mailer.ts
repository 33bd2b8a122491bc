// SMTP through nodemailer to SMTP_URL (smtp://user:password@host:port, smtps:// for TLS from the start). One
// pooled transport per process; a connection that fails is the worker's retry, not the transport's.
import nodemailer from 'nodemailer';
import type { MailTransport } from './worker';

export function mailTransport(url: string): MailTransport {
  const transport = nodemailer.createTransport(url);
  return { sendMail: (mail) => transport.sendMail(mail) };
}
