// The payout run as a process of its own, for payouts-exactly-once.test.ts to kill with SIGKILL: it opens the
// database its environment names (DATABASE_URL, else DATA_DIR's SQLite file, as config.ts names it), builds the
// payouts service over the local provider as app.ts does, says "ready", runs the payout run once, says "done" and
// exits. Nothing else of the app is loaded (no config, no logger, one driver): the test starts it hundreds of times.
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../../src/db/database';
import { localPayoutProvider } from '../../src/modules/payouts/providers/local';
import { payoutsRepository } from '../../src/modules/payouts/repository';
import { payoutsService } from '../../src/modules/payouts/service';

const url = process.env.DATABASE_URL;
const db: Database = url
  ? await (await import('../../src/db/postgres')).openPostgres(url, { max: 2 })
  : await (
      await import('../../src/db/sqlite')
    ).openDatabase(join(process.env.DATA_DIR!, 'recell.sqlite'), {
      readers: 1,
    });
const quiet = () => undefined;
const logger = { error: quiet, warn: quiet, info: quiet, debug: quiet } as unknown as Logger;
const now = () => new Date();
const service = payoutsService({
  db,
  payouts: payoutsRepository(db),
  provider: localPayoutProvider(db, now),
  clock: { now },
  logger,
});
process.stdout.write('ready\n');
const result = await service.runPayouts();
process.stdout.write(`done ${JSON.stringify(result)}\n`);
await db.close();
