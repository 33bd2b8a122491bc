// A PostgreSQL server of the run's own, from Debian's `postgresql` package (installed with apt-get when missing,
// as the browser tests install Chromium): a throwaway cluster in a temp dir for tests (fsync off: fast, and lost
// with the dir anyway), or a durable one in a given dir that later runs reuse. It listens on 127.0.0.1 only, on a
// free port, with its unix socket inside the cluster dir, and is stopped by its PID. initdb and postgres refuse
// to run as root, so under root they run as the `postgres` user the package creates (setpriv execs in place, so
// the PID we hold is the server's own).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { freePort } from './ports.js';
import { ensureDebianPackage } from './debian.js';

const PG_ROOT = '/usr/lib/postgresql';
const isRoot = process.getuid?.() === 0;

/** @returns {string | undefined} the newest installed PostgreSQL's bin dir */
function findBinDir() {
  if (!existsSync(PG_ROOT)) return undefined;
  const [newest] = readdirSync(PG_ROOT)
    .filter((version) => existsSync(join(PG_ROOT, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return newest === undefined ? undefined : join(PG_ROOT, newest, 'bin');
}

/**
 * The bin dir of Debian's PostgreSQL, installed with apt-get first when it is missing.
 * @returns {string}
 */
export function ensurePostgres() {
  ensureDebianPackage('postgresql', () => findBinDir() !== undefined);
  return /** @type {string} */ (findBinDir());
}

/** @returns {{ uid: number, gid: number } | undefined} the `postgres` user when we must drop root to it */
function postgresUser() {
  if (!isRoot) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('running as root, but there is no postgres user to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * `command` as the postgres user when we are root (setpriv execs it, keeping the PID), else as it is.
 * @param {{ uid: number, gid: number } | undefined} user
 * @param {string} command
 * @param {string[]} args
 * @returns {[string, string[]]}
 */
function asUser(user, command, args) {
  if (!user) return [command, args];
  return [
    'setpriv',
    [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--init-groups', '--reset-env', command, ...args],
  ];
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} ms
 * @returns {Promise<boolean>} whether it exited within `ms`
 */
function exited(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

/**
 * @typedef {object} Postgres
 * @property {number} port
 * @property {number} pid the postgres server's own PID
 * @property {string} dir the cluster (data) dir
 * @property {(dbName?: string) => string} url a connection URL for `dbName` (default `postgres`)
 * @property {(name: string) => Promise<void>} createDatabase
 * @property {(name: string) => Promise<void>} ensureDatabase creates it unless it exists
 * @property {(name: string) => Promise<void>} dropDatabase drops it even with clients still connected
 * @property {() => Promise<void>} stop fast shutdown by PID; removes the dir when it was a temp one
 */

/**
 * Starts PostgreSQL on 127.0.0.1.
 * @param {{ dir?: string, port?: number, durable?: boolean, onSpawn?: (pid: number) => void }} [options]
 *   `dir`: the cluster dir (created and initialised when empty, reused when initialised; default a temp dir
 *   removed by stop). `port`: default a free one. `durable`: keep PostgreSQL's crash-safe defaults and require a
 *   password (saved in the cluster dir); without it fsync is off and 127.0.0.1 is trusted, which suits a
 *   throwaway test cluster. `onSpawn`: told the server's PID as soon as it runs, before it is ready (a run that
 *   is stopped while it starts can stop it too).
 * @returns {Promise<Postgres>}
 */
export async function startPostgres({ dir, port, durable = false, onSpawn } = {}) {
  const bin = ensurePostgres();
  const user = postgresUser();
  const temporary = dir === undefined;
  const dataDir = temporary ? mkdtempSync(join(tmpdir(), 'recell-pg-')) : resolve(dir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (user) {
    chownSync(dataDir, user.uid, user.gid);
    // every folder above it must let the postgres user through (a 0700 folder of root's does not)
    const [cmd, argv] = asUser(user, 'test', ['-w', dataDir]);
    if (spawnSync(cmd, argv).status !== 0) {
      throw new Error(
        `the postgres user cannot reach ${dataDir}: let it through the folders above (chmod o+x, or chgrp postgres and g+x)`,
      );
    }
  }
  /**
   * initdb takes seconds: run without blocking, so what the caller starts meanwhile (the emulator) goes on.
   * @param {string} command @param {string[]} args
   * @returns {Promise<{ status: number | null, stderr: string }>}
   */
  const runAs = (command, args) => {
    const [cmd, argv] = asUser(user, join(bin, command), args);
    const child = spawn(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += chunk.toString()));
    return new Promise((done) => {
      child.once('error', (error) => done({ status: null, stderr: String(error) }));
      child.once('close', (status) => done({ status, stderr }));
    });
  };

  // The password lives beside the cluster it opens, readable by its owner alone.
  const passwordFile = join(dataDir, 'recell-password');
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const init = ['-D', dataDir, '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--auth-local=peer'];
    let pwfile;
    if (durable) {
      // initdb wants an empty dir, so the password waits outside it until the cluster exists
      const pwDir = mkdtempSync(join(tmpdir(), 'recell-pgpw-'));
      pwfile = join(pwDir, 'pw');
      writeFileSync(pwfile, randomBytes(18).toString('base64url'), { mode: 0o600 });
      if (user) for (const path of [pwDir, pwfile]) chownSync(path, user.uid, user.gid);
      init.push('--auth-host=scram-sha-256', `--pwfile=${pwfile}`);
    } else {
      init.push('--auth-host=trust');
    }
    const result = await runAs('initdb', init);
    if (pwfile) {
      if (result.status === 0) writeFileSync(passwordFile, readFileSync(pwfile), { mode: 0o600 });
      rmSync(join(pwfile, '..'), { recursive: true, force: true });
    }
    if (result.status !== 0) {
      if (temporary) rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`initdb failed (exit ${result.status}):\n${result.stderr}`);
    }
  }
  const password = existsSync(passwordFile) ? readFileSync(passwordFile, 'utf8').trim() : undefined;
  const auth = password ? `postgres:${encodeURIComponent(password)}@` : 'postgres@';
  /** @param {number} onPort @param {string} [dbName] */
  const urlOn = (onPort, dbName = 'postgres') =>
    `postgres://${auth}127.0.0.1:${onPort}/${encodeURIComponent(dbName)}`;

  const settings = [
    'listen_addresses=127.0.0.1',
    `unix_socket_directories=${dataDir}`,
    // several server processes with their pools, and the tests' own clients
    'max_connections=200',
    ...(durable ? [] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']),
  ];
  const logFile = join(dataDir, 'postgres.log');

  // A free port can be taken between the pick and the bind; with no port asked for, try another.
  for (let attempt = 1; ; attempt += 1) {
    const onPort = port ?? (await freePort());
    const logFd = openSync(logFile, 'a', 0o600);
    if (user) chownSync(logFile, user.uid, user.gid);
    const [cmd, argv] = asUser(user, join(bin, 'postgres'), [
      '-D',
      dataDir,
      '-p',
      String(onPort),
      ...settings.flatMap((setting) => ['-c', setting]),
    ]);
    // detached: a Ctrl-C in the terminal reaches the owner, which stops its clients first and this last
    const child = spawn(cmd, argv, { stdio: ['ignore', logFd, logFd], detached: true });
    closeSync(logFd);
    if (child.pid !== undefined) onSpawn?.(child.pid);
    const ready = await waitUntilReady(urlOn(onPort), child, 60_000);
    if (ready) {
      const pid = /** @type {number} */ (child.pid);
      return handle({ child, pid, port: onPort, dataDir, temporary, urlOn });
    }
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child, 5000);
    const tail = readFileSync(logFile, 'utf8').slice(-2000);
    if (port !== undefined || attempt >= 3 || !/could not bind|in use/i.test(tail)) {
      if (temporary) rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`PostgreSQL did not start on port ${onPort}:\n${tail}`);
    }
  }
}

/**
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} ms
 */
async function waitUntilReady(url, child, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    const ok = await client
      .connect()
      .then(() => client.query('SELECT 1'))
      .then(() => true)
      .catch(() => false);
    await client.end().catch(() => {});
    if (ok) return true;
    await new Promise((done) => setTimeout(done, 150));
  }
  return false;
}

/**
 * @param {{ child: import('node:child_process').ChildProcess, pid: number, port: number, dataDir: string,
 *   temporary: boolean, urlOn: (port: number, dbName?: string) => string }} server
 * @returns {Postgres}
 */
function handle({ child, pid, port, dataDir, temporary, urlOn }) {
  // A test run that ends without stop() (a crash, a forgotten afterAll) still takes its throwaway server along.
  const onExit = () => {
    if (isAlive(pid)) process.kill(pid, 'SIGQUIT');
  };
  if (temporary) process.once('exit', onExit);

  /**
   * @param {(client: import('pg').Client) => Promise<unknown>} work
   * @returns {Promise<void>}
   */
  async function admin(work) {
    const client = new pg.Client({ connectionString: urlOn(port) });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  }

  let stopped = false;
  return {
    port,
    pid,
    dir: dataDir,
    url: (dbName) => urlOn(port, dbName),
    createDatabase: (name) => admin((client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`)),
    ensureDatabase: (name) =>
      admin(async (client) => {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      }),
    dropDatabase: (name) =>
      admin((client) => client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`)),
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', onExit);
      // SIGINT is PostgreSQL's fast shutdown: clients are disconnected, the cluster is left consistent.
      if (isAlive(pid)) process.kill(pid, 'SIGINT');
      if (!(await exited(child, 30_000))) {
        process.kill(pid, 'SIGKILL');
        await exited(child, 5000);
      }
      if (temporary) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
