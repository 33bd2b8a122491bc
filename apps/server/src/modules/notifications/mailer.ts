// SMTP through nodemailer to SMTP_URL (smtp://user:password@host:port, smtps:// for TLS from the start). One
// pooled transport per process; a connection that fails is the worker's retry, not the transport's.
import type { Transporter } from 'nodemailer';
import type { MailTransport } from './worker';

export function mailTransport(url: string): MailTransport {
  // Loaded with the first email, not at start-up: a server that sends none never pays for it.
  let transport: Promise<Transporter> | undefined;
  return {
    async sendMail(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
      return (await transport).sendMail(mail);
    },
  };
}
