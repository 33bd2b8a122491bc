// `npm run start:scaled [-- --processes N]`, after the bootstrap: the product as it scales out, on this machine.
// A durable PostgreSQL cluster under the data dir (data/postgres, Debian's package, installed when missing), N
// server processes (PROCESSES or --processes, default 2) each on its own 127.0.0.1 port with DATABASE_URL, and
// Debian's nginx in front on PORT (default 3000) as the load balancer: one origin for the web app and the API.
// Beside them, as `npm start` has them (start-stack.mjs): the web build, the Auth emulator, the demo accounts.
// The first server starts alone (it migrates, seeds and makes the demo accounts), the others after it. Each server
// process is supervised once it has answered: one that dies (kill -9, a crash) is restarted on its port after
// 0.5 s, doubling to 10 s while it keeps dying (@recell/local/supervise), and nginx passes over it meanwhile.
// Only Ctrl-C or SIGTERM, or PostgreSQL, nginx or the emulator stopping, stops nginx, the servers, PostgreSQL and
// the emulator, in that order, by PID.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { freePort } from '@recell/local/ports';
import { startNginx } from '@recell/local/nginx';
import { startPostgres } from '@recell/local/postgres';
import { waitForUrl } from '@recell/local/ready';
import { supervise } from '@recell/local/supervise';
import { isAlive, signalIfRunning, waitForExit } from './start-processes.mjs';
import { buildWeb, log, openRun, root, startEmulator, startServer } from './start-stack.mjs';

const { values } = parseArgs({ options: { processes: { type: 'string' } } });
const asked = values.processes ?? process.env.PROCESSES ?? '2';
const processes = Number(asked);
if (!Number.isInteger(processes) || processes < 1 || processes > 32) {
  log(`--processes (or PROCESSES) must be a whole number from 1 to 32, not "${asked}"`);
  process.exit(2);
}
const dataDir = process.env.DATA_DIR ?? join(root, 'data');
const authPort = Number(process.env.FIREBASE_AUTH_PORT ?? 9099);
const port = Number(process.env.PORT ?? 3000);
const clusterDir = join(dataDir, 'postgres');
// The servers' own files (secrets, uploads, saved accounts) beside the cluster, not in data/ itself: each server
// makes its DATA_DIR owner-only at start, and PostgreSQL (another user under root) must still pass data/ then.
// npm start's SQLite users and these PostgreSQL ones are two stores anyway, each with its own saved accounts.
const serverDataDir = join(dataDir, 'scaled');

const run = await openRun(dataDir, [
  ['the Auth emulator', authPort, 'FIREBASE_AUTH_PORT'],
  ['nginx', port, 'PORT'],
]);
const webBuilt = buildWeb();
const fail = (message) => {
  if (message) log(message);
  return run.stopAll(1);
};

/** Each server's output, a prefix on every line: the URL to open is nginx's, not the one each prints. */
function prefixed(child, name) {
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
}

async function startPostgresHere() {
  // Under root PostgreSQL runs as the postgres user, which must get through the owner-only data dir to its
  // cluster (it opens files there by their full path, at shutdown too): the postgres group may pass, not list.
  if (process.getuid?.() === 0) {
    execFileSync('chgrp', ['postgres', dataDir]);
    chmodSync(dataDir, 0o710);
  }
  const fresh = !existsSync(join(clusterDir, 'PG_VERSION'));
  log(`${fresh ? 'creating' : 'starting'} the PostgreSQL cluster in ${clusterDir}`);
  const postgres = await startPostgres({
    dir: clusterDir,
    durable: true,
    // recorded while it starts: a Ctrl-C then stops it too (SIGINT: PostgreSQL's fast shutdown)
    onSpawn: (pid) =>
      run.started({
        name: 'PostgreSQL',
        pid,
        marker: clusterDir,
        signal: 'SIGINT',
        stop: async () => {
          if (signalIfRunning(pid, 'SIGINT')) await waitForExit(pid, 30_000);
        },
      }),
  });
  await postgres.ensureDatabase('recell');
  // the servers ride out one of them dying, not the database: without it nothing works, so the run stops
  setInterval(() => {
    if (!run.stopping && !isAlive(postgres.pid)) void fail('PostgreSQL stopped; stopping the rest');
  }, 1000).unref();
  return postgres;
}

async function startServers(databaseUrl) {
  const ports = [];
  const launch = async (index) => {
    const serverPort = await freePort();
    const name = `server ${index + 1}`;
    const health = `http://127.0.0.1:${serverPort}/api/health`;
    // restarted only once it has answered: one that cannot start at all stops the run, as before
    let answered = false;
    let stoppedAt = 0;
    const supervisor = supervise({
      start: (restarts) => {
        const server = startServer(run, {
          name,
          dataDir: serverDataDir,
          port: serverPort,
          authPort,
          stdio: ['ignore', 'pipe', 'pipe'],
          stop: () => supervisor.stop(),
          env: {
            DATABASE_URL: databaseUrl,
            // the origin people reach them at (sitemap, link previews) is nginx's
            PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
            // one request reaches a server through nginx: the client's address is the one nginx forwards
            TRUST_PROXY: process.env.TRUST_PROXY ?? '1',
            // the first makes the demo accounts (and prints them) at its first start; the others would race it
            CREATE_DEMO_ACCOUNTS:
              index === 0 && restarts === 0 ? (process.env.CREATE_DEMO_ACCOUNTS ?? '1') : '0',
          },
        });
        prefixed(server, name);
        if (restarts > 0) {
          waitForUrl(health, server, { name, seconds: 120 }).then(
            () => {
              const seconds = ((Date.now() - stoppedAt) / 1000).toFixed(1);
              log(`${name} is back (pid ${server.pid}, port ${serverPort}), ${seconds} s after it stopped`);
            },
            // exited again (the supervisor restarts it) or hung: said, and nginx keeps passing over it
            (error) => log(error.message),
          );
        }
        return server;
      },
      shouldRestart: () => answered && !run.stopping,
      onExit: ({ code, signal, delayMs }) => {
        stoppedAt = Date.now();
        log(
          `${name} stopped (${signal ?? `exit ${code}`}); nginx passes over it, and it restarts in ${delayMs / 1000} s`,
        );
      },
    });
    // its output is above, each line prefixed with its name
    await waitForUrl(health, supervisor.child, { name, seconds: 120 });
    answered = true;
    ports[index] = serverPort;
  };
  await launch(0);
  await Promise.all(Array.from({ length: processes - 1 }, (_, index) => launch(index + 1)));
  return ports;
}

try {
  const emulatorStarted = startEmulator(run, dataDir, authPort);
  const [emulatorUp, postgres] = await Promise.all([emulatorStarted, startPostgresHere()]);
  if (!emulatorUp) throw new Error('');
  if (!(await webBuilt)) throw new Error('the web app did not build (see above)');
  log(`starting ${processes} server process${processes === 1 ? '' : 'es'} on PostgreSQL`);
  const upstreams = await startServers(postgres.url('recell'));
  const nginx = await startNginx({ upstreams, port });
  run.started({
    name: 'nginx',
    pid: nginx.pid,
    marker: 'recell-nginx-',
    signal: 'SIGTERM',
    stop: () => nginx.stop(),
  });
  nginx.process.once('exit', (code, signal) => {
    if (!run.stopping) void fail(`nginx stopped (${signal ?? `exit ${code}`}); stopping the rest`);
  });
  const url = `http://127.0.0.1:${port}`;
  log(
    `ReCell (scaled) is ready on ${url}: nginx in front of ${processes} server process${processes === 1 ? '' : 'es'}` +
      ` (ports ${upstreams.join(', ')}) on PostgreSQL (port ${postgres.port}, ${clusterDir})`,
  );
  log(
    'a server process that dies is restarted; Ctrl-C stops nginx, the servers, PostgreSQL and the emulator',
  );
} catch (error) {
  await fail(error instanceof Error ? error.message : String(error));
}
