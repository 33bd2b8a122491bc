// `npm start`, after the bootstrap: builds the web app (when changed) while the Firebase Auth emulator starts
// (auth only, project demo-recell), then the server (migrated and seeded on start; it serves the web app, creates
// the demo accounts in the emulator and prints them). Ctrl-C stops everything. This is the local demo mode
// (DEMO_MODE=1, the server bound to 127.0.0.1). Processes an earlier run left behind (kill -9) are stopped first;
// see start-processes.mjs. START_WEB_BUILD=0 skips the web build (tests of this script need only the API). The
// parts `npm run start:scaled` shares are in start-stack.mjs.
import { join } from 'node:path';
import { buildWeb, log, openRun, root, startEmulator, startServer } from './start-stack.mjs';

const dataDir = process.env.DATA_DIR ?? join(root, 'data');
const authPort = Number(process.env.FIREBASE_AUTH_PORT ?? 9099);
const port = process.env.PORT ?? '3000';

const run = await openRun(dataDir, [
  ['the Auth emulator', authPort, 'FIREBASE_AUTH_PORT'],
  ['the server', Number(port), 'PORT'],
]);
// The web app builds while the emulator starts; the server then serves it beside the API.
const webBuilt = buildWeb(authPort);
if (!(await startEmulator(run, dataDir, authPort))) {
  void run.stopAll(1);
} else if (!(await webBuilt)) {
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
