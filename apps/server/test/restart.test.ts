// `npm start`'s own script (scripts/start.mjs) through the ways a run can end: kill -9
// of the server; kill -9 of the script alone, which leaves the emulator and the server running and holding their
// ports (as kill -9 of the terminal's process group leaves the emulator, which has its own group); and Ctrl-C.
// After each, the next run starts cleanly and an account signed up before, and the demo admin, sign in and get
// /api/jwt 200. Each run starts a real Auth emulator (~15-20 s), so this one test covers all of it; the web build
// is skipped (START_WEB_BUILD=0).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccounts } from '@recell/api/fixtures';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '@recell/local/ports';
import { signIn } from './support/accounts';

const root = join(import.meta.dirname, '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'recell-restart-'));
const dataDir = join(dir, 'data');
const runs: ChildProcess[] = [];
afterAll(() => {
  for (const pid of [...runs.map((run) => run.pid), ...recorded().map((entry) => entry.pid)]) {
    try {
      if (pid) process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

/** The PIDs the running start.mjs recorded: the emulator, then the server. */
function recorded(): { name: string; pid: number }[] {
  const file = join(dataDir, 'npm-start.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { processes: [] }).processes : [];
}
const pidOf = (name: string) => recorded().find((entry) => entry.name === name)!.pid;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(what: string, check: () => boolean | Promise<boolean>, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startRun(port: number, authPort: number) {
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      FIREBASE_AUTH_PORT: String(authPort),
      START_WEB_BUILD: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  runs.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = Date.now();
  await until('npm start to print the payments line', () => output.includes('Payments:'), 180).catch(
    (error: Error) => {
      throw new Error(`${error.message}\n${output}`);
    },
  );
  return { child, exited, output: () => output, seconds: (Date.now() - started) / 1000 };
}

async function identityToolkit(authPort: number, operation: string, body: object) {
  const response = await fetch(
    `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=any`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  const json = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!json.idToken) throw new Error(`${operation}: ${json.error?.message ?? response.status}`);
  return json.idToken;
}

async function jwtStatus(port: number, authPort: number, email: string, password: string) {
  // The demo admin's second step is enrolled again at every start (the saved accounts do not keep it).
  const idToken = await signIn(email, password, `127.0.0.1:${authPort}`);
  const response = await fetch(`http://127.0.0.1:${port}/api/jwt`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  return response.status;
}

it('npm start survives kill -9 of the server, kill -9 of itself, and Ctrl-C; accounts sign in after each', async () => {
  const [port, authPort] = [await freePort(), await freePort()];
  const email = 'kept-through-restarts@recell.test';
  const admin = demoAccounts.admin;
  const signInEveryone = async () => ({
    user: await jwtStatus(port, authPort, email, 'kept-password'),
    admin: await jwtStatus(port, authPort, admin.email, admin.password),
  });

  // Run 1: an account signs up, then the server is killed with -9.
  const first = await startRun(port, authPort);
  const idToken = await identityToolkit(authPort, 'signUp', { email, password: 'kept-password' });
  const signedUp = await fetch(`http://127.0.0.1:${port}/api/usersall`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Kept Seller', role: 'seller' }),
  });
  expect(signedUp.status).toBe(201);
  const firstEmulator = pidOf('Auth emulator');
  process.kill(pidOf('server'), 'SIGKILL');
  // The script stops the emulator and exits without crashing (it used to die on ESRCH and leave it running).
  expect(await first.exited).toBe(1);
  expect(first.output()).toContain('the server stopped (SIGKILL); stopping the Auth emulator');
  expect(first.output()).not.toMatch(/ESRCH|Error:/);
  expect(alive(firstEmulator)).toBe(false);
  expect(recorded()).toEqual([]);

  // Run 2: a new emulator, the saved accounts back. Then only the script dies by kill -9.
  const second = await startRun(port, authPort);
  expect(await signInEveryone()).toEqual({ user: 200, admin: 200 });
  const stragglers = { emulator: pidOf('Auth emulator'), server: pidOf('server') };
  process.kill(second.child.pid!, 'SIGKILL');
  await second.exited;
  expect([alive(stragglers.emulator), alive(stragglers.server)]).toEqual([true, true]);

  // Run 3: stops what the last run left behind (it held both ports), starts again, everyone signs in.
  const third = await startRun(port, authPort);
  expect(third.output()).toContain(
    `stopped what an earlier run left running: Auth emulator (pid ${stragglers.emulator}), ` +
      `server (pid ${stragglers.server})`,
  );
  expect([alive(stragglers.emulator), alive(stragglers.server)]).toEqual([false, false]);
  expect(await signInEveryone()).toEqual({ user: 200, admin: 200 });

  // Ctrl-C: the server, then the emulator, stop; the script exits 0 and leaves nothing behind.
  const children = recorded().map((entry) => entry.pid);
  third.child.kill('SIGINT');
  expect(await third.exited).toBe(0);
  expect(children.filter(alive)).toEqual([]);
  console.log(
    `npm start ready after ${[first, second, third].map((run) => `${run.seconds.toFixed(1)} s`).join(', ')}`,
  );
}, 600_000);
