export interface MailCatcher {
  port: number;
  url: string;
  close(): Promise<void>;
}
export function startMailCatcher(options: {
  dir: string;
  host?: string;
  port?: number;
}): Promise<MailCatcher>;

export interface CaughtMail {
  /** The file's name without .eml: sorts by arrival. */
  id: string;
  from: string;
  to: string;
  subject: string;
  messageId: string;
  date: string;
  /** The List-Unsubscribe header as sent, e.g. `<https://.../unsubscribe?token=...>`. */
  listUnsubscribe: string | undefined;
  listUnsubscribePost: string | undefined;
  html: string;
  text: string;
}
export function readCaughtMail(dir: string): Promise<CaughtMail[]>;
