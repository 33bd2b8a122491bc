// Demo mode at start: the Auth emulator gets back the accounts saved before a restart (emulator-accounts.ts),
// then the demo accounts, each with the uid the users table already holds for its email, so every account made
// in demo mode signs in again after any restart.
import { demoAccounts, demoAdminPhone } from '@recell/api/fixtures';
import type { Logger } from 'pino';
import type { EmulatorAccounts } from './auth/emulator-accounts';
import type { Identity } from './auth/identity';
import type { Database } from './db/database';
import { usersRepository } from './modules/users/repository';

/**
 * Resolves once the Auth emulator at `host` answers: `npm start` starts the server beside it, so the database is
 * migrated and seeded while the emulator starts, and only the demo accounts wait for it. Rejects after `seconds`.
 */
export async function emulatorAnswers(host: string, seconds = 90): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const answered = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(2000) }).then(
      () => true,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`the Auth emulator at ${host} did not answer in ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function prepareDemo(deps: {
  db: Database;
  identity: Identity;
  accounts: EmulatorAccounts;
  logger: Logger;
  /** false in tests that share one emulator and make their own accounts */
  createDemoAccounts: boolean;
}): Promise<void> {
  const { db, identity, accounts, logger } = deps;
  const users = usersRepository(db);
  const known = await db.all<{ uid: string }>(
    'SELECT firebase_uid AS uid FROM users WHERE firebase_uid IS NOT NULL',
  );
  try {
    const restored = await accounts.restore(new Set(known.map((row) => row.uid)));
    logger.info({ restored }, 'Auth emulator accounts restored');
  } catch (error) {
    // A start that cannot restore still serves everyone the emulator has; the log says who cannot sign in.
    logger.error({ err: error }, 'could not restore the saved Auth emulator accounts');
  }
  if (deps.createDemoAccounts) {
    for (const account of Object.values(demoAccounts)) {
      const row = await users.findByEmail(account.email);
      const uid = await identity.ensureAccount(account, row?.firebase_uid ?? undefined);
      // Linked now rather than at first sign-in, so the saved accounts include them from the first start.
      if (row && !row.firebase_uid) await users.linkUid(row.id, uid);
      // Admins must sign in with a second step: the demo admin has the demo phone's.
      if (account.role === 'admin') await identity.ensurePhoneSecondFactor(uid, demoAdminPhone);
    }
  }
  await accounts.save();
}
