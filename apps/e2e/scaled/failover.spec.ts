// One server process killed (kill -9) under load behind nginx: the other keeps serving, nginx
// passes over the dead one, and the launcher restarts it. A few clients list phones (writes) and read them back,
// through nginx, for a bounded time; mid-way the second server process is killed by its PID from the launcher's
// run record. Counted and printed: requests that failed (refused, or 5xx) sent before and after nginx noticed (the
// first failed answer, or 1 s after the kill, whichever is first), the listings acknowledged (201) that are missing
// afterwards, and the seconds until the killed process answers /api/health on its own port again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accessToken, register, verifySellerPhone } from '../src/accounts';
import { expect, scaledTest as test } from '../src/fixtures';

const CLIENTS = 4;
const KILL_AFTER_MS = 3000;
/** the load runs at least this long, and on until 3 s after the killed process is back */
const LOAD_MS = 10_000;
const LOAD_LIMIT_MS = 40_000;

interface Answer {
  /** when it was sent */
  sent: number;
  /** when it was answered (or failed) */
  at: number;
  what: string;
  /** the status, or 0 when no answer came (refused, reset) */
  status: number;
}

const dataDir = () => process.env.RECELL_E2E_SCALED_DATA ?? '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The PID the launcher has recorded for `name` (it records a restarted process in place of the dead one). */
function recordedPid(name: string): number {
  const run = JSON.parse(readFileSync(join(dataDir(), 'npm-start.json'), 'utf8')) as {
    processes: { name: string; pid: number }[];
  };
  const entry = run.processes.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`no ${name} in the run record`);
  return entry.pid;
}

/** Each server's own port, in order, from the launcher's ready line. */
function serverPorts(): number[] {
  const log = readFileSync(process.env.RECELL_E2E_SCALED_LOG ?? '', 'utf8');
  const ports = /ready on .*\(ports ([\d, ]+)\)/.exec(log)?.[1];
  if (!ports) throw new Error(`no ready line in the launcher's output:\n${log.slice(-2000)}`);
  return ports.split(', ').map(Number);
}

test('kill -9 of one server process under load: nothing refused once nginx noticed, no acknowledged write lost, the process back in seconds', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  await register(page, 'seller', `failover-seller-${stamp}@recell.test`, { name: 'Failover seller' });
  await verifySellerPhone(page);
  const token = await accessToken(page);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const victim = 'server 2';
  const victimPort = serverPorts()[1]!;
  const victimPid = recordedPid(victim);

  const answers: Answer[] = [];
  const acknowledged: string[] = [];
  const request = async (what: string, path: string, init: RequestInit = {}) => {
    const sent = Date.now();
    try {
      const response = await fetch(`${baseURL}${path}`, { ...init, headers });
      answers.push({ sent, at: Date.now(), what, status: response.status });
      return response;
    } catch {
      answers.push({ sent, at: Date.now(), what, status: 0 });
      return undefined;
    }
  };

  let killedAt = 0;
  let backAt = 0;
  const started = Date.now();
  const loadGoesOn = () => {
    const elapsed = Date.now() - started;
    const after = backAt === 0 ? 0 : Date.now() - backAt;
    return elapsed < LOAD_LIMIT_MS && (elapsed < LOAD_MS || after < 3000);
  };
  const client = async (index: number) => {
    for (let n = 0; loadGoesOn(); n += 1) {
      // a write (not idempotent: nginx never resends it once a process may have got it)...
      const created = await request('POST /api/mobiles', '/api/mobiles', {
        method: 'POST',
        body: JSON.stringify({
          category_id: '02',
          title: `Failover phone ${index}-${n}`,
          picture: '/uploads/seed/m-samsung-s21.svg',
          location: 'Dhaka, Banani',
          resale_price: 200,
          buying_price: 900,
          Year_of_purchase: 2022,
          Year_of_uses: 1,
          Seller_name: 'Failover seller',
          condition: 'Good',
          number_of_seller: '+880 1700 000000',
          details: `Listed while a server process was killed (${index}-${n}).`,
          bookingId: `F-${index}-${n}`,
          stock: 1,
        }),
      });
      if (created?.status !== 201) continue;
      const { insertedId } = (await created.json()) as { insertedId: string };
      acknowledged.push(insertedId);
      // ...and reads: it, wherever this lands, and the brands
      await request('GET /api/mobile/{id}', `/api/mobile/${insertedId}`);
      await request('GET /api/categorymobiles', '/api/categorymobiles');
    }
  };
  const kill = async () => {
    await sleep(KILL_AFTER_MS);
    process.kill(victimPid, 'SIGKILL');
    killedAt = Date.now();
    // the killed process's own port, until it answers again (restarted by the launcher)
    while (Date.now() - killedAt < LOAD_LIMIT_MS) {
      const ok = await fetch(`http://127.0.0.1:${victimPort}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) {
        backAt = Date.now();
        return;
      }
      await sleep(100);
    }
  };
  await Promise.all([kill(), ...Array.from({ length: CLIENTS }, (_, index) => client(index))]);

  const failed = (answer: Answer) => answer.status === 0 || answer.status >= 500;
  const firstFailure = answers.find((answer) => answer.at >= killedAt && failed(answer));
  const noticedAt = Math.min(firstFailure?.at ?? Infinity, killedAt + 1000);
  // requests sent before nginx noticed (in flight to the process as it died) may fail; none sent after it may
  const failedBefore = answers.filter((answer) => answer.sent < noticedAt && failed(answer));
  const failedAfter = answers.filter((answer) => answer.sent >= noticedAt && failed(answer));
  // read back through nginx once the load is over: every listing that was acknowledged is there
  const missing: string[] = [];
  for (const id of acknowledged) {
    const response = await fetch(`${baseURL}/api/mobile/${id}`, { headers });
    if (response.status !== 200) missing.push(`${id} (${response.status})`);
  }
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const figures = {
    requests: answers.length,
    seconds: seconds(Date.now() - started),
    writesAcknowledged: acknowledged.length,
    failedBeforeNginxNoticed: failedBefore.length,
    failedAfterNginxNoticed: failedAfter.length,
    writesMissing: missing.length,
    secondsUntilBack: backAt ? seconds(backAt - killedAt) : 'never',
    answeredAfterBack: answers.filter((answer) => answer.sent > backAt && !failed(answer)).length,
  };
  console.log(`[failover] ${JSON.stringify(figures)}`);
  const listed = (failures: Answer[]) =>
    failures.map(
      ({ what, status, sent }) =>
        `${what}: ${status || 'no answer'}, sent ${sent - killedAt} ms after the kill`,
    );
  console.log(`[failover] failed before nginx noticed: ${listed(failedBefore).join('; ') || 'none'}`);
  // the launcher's own account of it
  const said = readFileSync(process.env.RECELL_E2E_SCALED_LOG ?? '', 'utf8').split('\n');
  console.log(said.filter((line) => line.startsWith(`[recell] ${victim}`)).join('\n'));

  expect(backAt, 'the killed process never answered /api/health again').toBeGreaterThan(0);
  // the launcher's 0.5 s, then the server's own start: ~3 s on an idle 2-core box, 11 s with the load average at 9,
  // 22.5 s at 12 beside the server suite's kill -9 payout runs (the figure is printed above; the bound says "back
  // in seconds, not never", not how fast)
  expect(backAt - killedAt).toBeLessThan(60_000);
  // restarted by the launcher, which records the new process in place of the dead one
  expect(recordedPid(victim)).not.toBe(victimPid);
  expect(listed(failedAfter)).toEqual([]);
  expect(missing).toEqual([]);
  // the load was real on both sides of the kill
  expect(acknowledged.length).toBeGreaterThan(20);
  expect(figures.answeredAfterBack).toBeGreaterThan(0);
});
