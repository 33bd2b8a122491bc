// `npm start`, after the bootstrap: builds the web app (when changed) while the Firebase Auth emulator starts
// (auth only, project demo-recell), and the server once the web app is built, beside the emulator rather than
// after it (it migrates and seeds meanwhile, then waits for the emulator to create the demo accounts there and
// print them; it serves the web app). Ctrl-C stops everything. This is the local demo mode
// (DEMO_MODE=1, the server bound to 127.0.0.1). Processes an earlier run left behind (kill -9) are stopped first;
// see start-processes.mjs. START_WEB_BUILD=0 skips the web build (tests of this script need only the API). The
// parts `npm run start:scaled` shares are in start-stack.mjs.
import { join } from 'node:path';
import { buildWeb, log, openRun, root, spawnEmulator, startServer } from './start-stack.mjs';

const dataDir = process.env.DATA_DIR ?? join(root, 'data');
const authPort = Number(process.env.FIREBASE_AUTH_PORT ?? 9099);
const port = process.env.PORT ?? '3000';

const run = await openRun(dataDir, [
  ['the Auth emulator', authPort, 'FIREBASE_AUTH_PORT'],
  ['the server', Number(port), 'PORT'],
]);
// The web app builds while the emulator starts; the server then serves it beside the API. The emulator is
// recorded before the server, so Ctrl-C stops the server (which saves the accounts) while the emulator answers.
const webBuilt = buildWeb();
const emulator = await spawnEmulator(run, dataDir, authPort);
void emulator.answered.then((up) => {
  if (!up) void run.stopAll(1);
});
const built = await webBuilt;
if (run.stopping) {
  // the emulator did not come up while the web app built; stopAll is under way
} else if (!built) {
  log('the web app did not build (see above)');
  void run.stopAll(1);
} else {
  const server = startServer(run, { dataDir, port, authPort });
  server.once('exit', (code, signal) => {
    if (!run.stopping) {
      log(`the server stopped (${signal ?? `exit ${code}`}); stopping the Auth emulator`);
      void run.stopAll(code || 1);
    }
  });
  log('Ctrl-C stops the server and the emulator');
}
