// Demo mode's mail page: what the local SMTP server (@recell/local/mail-catcher, started by src/server.ts) kept
// under DATA_DIR/mail, for an admin to read in the browser. Outside demo mode there is no such mail: 404. Each
// read parses the folder again: a demo's few hundred messages, never a real mailbox.
import { join } from 'node:path';
import type { components } from '@recell/api';
import { notFound } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';

type Schemas = components['schemas'];

export function caughtMail(config: { demoMode: boolean; dataDir: string }) {
  const dir = join(config.dataDir, 'mail');
  async function all() {
    if (!config.demoMode) notFound();
    // A dev dependency: loaded only in demo mode, where the repo's packages are installed.
    const { readCaughtMail } = await import('@recell/local/mail-catcher');
    return (await readCaughtMail(dir)).reverse();
  }
  const toMail = (mail: Awaited<ReturnType<typeof all>>[number]): Schemas['CaughtMail'] => ({
    _id: mail.id,
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    receivedAt: mail.date || new Date(0).toISOString(),
    messageId: mail.messageId,
    ...(mail.listUnsubscribe ? { listUnsubscribe: mail.listUnsubscribe } : {}),
    ...(mail.listUnsubscribePost ? { listUnsubscribePost: mail.listUnsubscribePost } : {}),
    html: mail.html,
    text: mail.text,
  });
  return {
    async listCaughtMail(page: PageRequest) {
      const mails = await all();
      const items = mails.slice(page.offset, page.offset + page.limit).map((mail) => {
        const { _id, to, subject, receivedAt } = toMail(mail);
        return { _id, to, subject, receivedAt };
      });
      return pageOf(items, mails.length, page);
    },
    async getCaughtMail(id: string) {
      const mail = (await all()).find((one) => one.id === id) ?? notFound();
      return toMail(mail);
    },
  };
}

export type CaughtMailReader = ReturnType<typeof caughtMail>;
