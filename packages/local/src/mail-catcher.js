// The local SMTP server of the embedded default: a real SMTP listener (the `smtp-server` package) on 127.0.0.1
// that accepts every message and keeps it, as it came, in `dir` (one .eml file each, 0600). `npm start` runs it
// for the server's notification email in demo mode; the server's tests run one on a free port and read what
// arrived with `readCaughtMail`. Local only: no TLS, no authentication.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * @param {{ dir: string, host?: string, port?: number }} options
 */
export async function startMailCatcher({ dir, host = '127.0.0.1', port = 0 }) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, _session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        count += 1;
        // Sorts by arrival: the time, then this process's count within the millisecond.
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${String(count).padStart(6, '0')}.eml`;
        try {
          writeFileSync(join(dir, name), Buffer.concat(chunks), { mode: 0o600 });
          callback();
        } catch (error) {
          callback(/** @type {Error} */ (error));
        }
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.server.address());
  return {
    port: address.port,
    url: `smtp://${host}:${address.port}`,
    /** Stops listening; open sessions are cut. */
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * Every message kept in `dir`, oldest first, parsed.
 * @param {string} dir
 */
export async function readCaughtMail(dir) {
  let files;
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  // Loaded here, not at the top: the server starts the catcher and never reads mail back, so it never pays for it.
  const { simpleParser } = await import('mailparser');
  return Promise.all(
    files.sort().map(async (file) => {
      const parsed = await simpleParser(readFileSync(join(dir, file)));
      // A header's value as it was sent (unfolded), not as mailparser reads it into structures.
      const header = (/** @type {string} */ name) => {
        const line = parsed.headerLines.find((candidate) => candidate.key === name)?.line;
        return line
          ?.slice(line.indexOf(':') + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim();
      };
      return {
        id: file.replace(/\.eml$/, ''),
        from: parsed.from?.text ?? '',
        to: (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [])
          .map((to) => to.text)
          .join(', '),
        subject: parsed.subject ?? '',
        messageId: parsed.messageId ?? '',
        date: parsed.date?.toISOString() ?? '',
        listUnsubscribe: header('list-unsubscribe'),
        listUnsubscribePost: header('list-unsubscribe-post'),
        html: typeof parsed.html === 'string' ? parsed.html : '',
        text: parsed.text ?? '',
      };
    }),
  );
}
