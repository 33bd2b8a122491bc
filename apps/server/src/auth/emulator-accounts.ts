// Demo mode only: accounts survive a restart. The Auth emulator keeps accounts in memory while the users table
// keeps their uids, so after any restart (or kill -9) nobody could sign in again. The server copies the
// emulator's accounts (uid, email, the emulator's password hash and salt) into an owner-only file under data/
// after each sign-up and at shutdown, and imports them back with the same uids at start. The emulator's admin
// API takes `Authorization: Bearer owner`; its batchCreate keeps a given passwordHash and salt as they are, and
// its password check hashes the typed password with that salt, so the old passwords work again.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { emulatorAdmin } from './emulator-admin';

/** The fields of an emulator account that make it the same account again (what batchCreate accepts). */
interface SavedAccount {
  localId: string;
  email?: string;
  emailVerified?: boolean;
  displayName?: string;
  passwordHash?: string;
  salt?: string;
  createdAt?: string;
  disabled?: boolean;
}

const FIELDS = [
  'localId',
  'email',
  'emailVerified',
  'displayName',
  'passwordHash',
  'salt',
  'createdAt',
  'disabled',
] as const;

export interface EmulatorAccounts {
  /** Writes every emulator account to the file; calls queue, so the newest state is written last. */
  save(): Promise<void>;
  /** Imports the saved accounts whose uid is in `knownUids` and that the emulator lacks; returns how many. */
  restore(knownUids: ReadonlySet<string>): Promise<number>;
}

export function emulatorAccounts(options: {
  host: string;
  projectId: string;
  file: string;
}): EmulatorAccounts {
  const admin = emulatorAdmin(options);

  async function list(): Promise<SavedAccount[]> {
    const { userInfo = [] } = await admin<{ userInfo?: Record<string, unknown>[] }>('accounts:query', {});
    return userInfo.map(
      (user) =>
        Object.fromEntries(
          FIELDS.filter((key) => user[key] !== undefined).map((key) => [key, user[key]]),
        ) as unknown as SavedAccount,
    );
  }

  async function write() {
    const accounts = await list();
    // Written aside and renamed over, so a kill -9 mid-write leaves the previous snapshot whole.
    const partial = `${options.file}.${process.pid}.tmp`;
    await writeFile(partial, `${JSON.stringify({ accounts })}\n`, { mode: 0o600 });
    await rename(partial, options.file);
  }

  let queue: Promise<void> = Promise.resolve();
  return {
    save() {
      const next = queue.then(write, write);
      queue = next.catch(() => undefined);
      return next;
    },
    async restore(knownUids) {
      let saved: SavedAccount[];
      try {
        saved = (JSON.parse(await readFile(options.file, 'utf8')) as { accounts: SavedAccount[] }).accounts;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      const present = await list();
      const uids = new Set(present.map((account) => account.localId));
      const emails = new Set(present.map((account) => account.email).filter(Boolean));
      // Only accounts the users table still knows: a deleted user's account does not come back.
      const missing = saved.filter(
        (account) =>
          knownUids.has(account.localId) &&
          !uids.has(account.localId) &&
          !(account.email && emails.has(account.email)),
      );
      if (missing.length === 0) return 0;
      const { error = [] } = await admin<{ error?: { index: number; message: string }[] }>(
        'accounts:batchCreate',
        { users: missing },
      );
      if (error.length > 0) {
        throw new Error(`Auth emulator refused ${error.length} saved accounts: ${error[0]!.message}`);
      }
      return missing.length;
    },
  };
}
