// The live stream's part of `npm run bench`, on PostgreSQL (the engine that fans out across processes):
// 1. 1,000 idle streams held by one server process: its resident memory before and after, per stream.
// 2. Delivery latency at 50 messages/s across two server processes behind nginx (Debian's, as start:scaled runs
//    it): receivers hold their streams through nginx (least_conn spreads them over both processes); this process
//    writes each message row and sends its signal through the same bus the messages module uses (pg_notify), and
//    times it from before the write until the event is read through nginx. Goal: p95 <= 250 ms.
// BENCH_STREAMS, BENCH_RATE and BENCH_SECONDS change the sizes.
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { demoAccounts } from '@recell/api/fixtures';
import { freePort } from '@recell/local/ports';
import { startNginx } from '@recell/local/nginx';
import { startPostgres } from '@recell/local/postgres';
import { signAccessToken } from '../src/auth/access-token';
import type { Database } from '../src/db/database';
import { openPostgres } from '../src/db/postgres';
import { liveBus } from '../src/live/bus';
import { openEventStream, type EventStream } from '../test/support/event-stream';
import { insertConversation, insertMessage } from '../test/support/messages';
import { rssKiB, SECRET, seedBench, serverEnv, startProcess, stopProcesses } from './support';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RECEIVERS = 50;
const GOAL_P95_MS = 250;

/** Buyers made straight in the users table, with access tokens signed with the benches' secret. */
async function benchBuyers(db: Database, count: number): Promise<{ id: string; token: string }[]> {
  const secret = new TextEncoder().encode(SECRET);
  const now = new Date().toISOString();
  const buyers = [];
  for (let index = 0; index < count; index += 1) {
    const id = `u-live-${index}-${randomBytes(3).toString('hex')}`;
    const email = `${id}@recell.test`;
    await db.run(
      "INSERT INTO users (id, email, name, role, verified, created_at) VALUES (?, ?, ?, 'buyer', 1, ?)",
      [id, email, `Live buyer ${index}`, now],
    );
    buyers.push({ id, token: await signAccessToken(secret, { sub: id, email, role: 'buyer' }) });
  }
  return buyers;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const dataDir = mkdtempSync(join(tmpdir(), 'recell-bench-live-'));
const postgres = await startPostgres();
const children: ChildProcess[] = [];
const streams: EventStream[] = [];
let db: Database | undefined;
try {
  await postgres.createDatabase('live');
  db = await openPostgres(postgres.url('live'));
  await seedBench(db, 0);
  const buyers = await benchBuyers(db, Math.max(Math.ceil(STREAMS / 5), RECEIVERS));
  const ports: number[] = [];
  for (let index = 0; index < 2; index += 1) {
    const port = await freePort();
    children.push(
      await startProcess(
        [join('src', 'server.ts')],
        serverEnv({
          DATA_DIR: dataDir,
          DATABASE_URL: postgres.url('live'),
          PORT: String(port),
          TRUST_PROXY: '1',
        }),
        'ReCell server listening',
      ),
    );
    ports.push(port);
  }

  // 1. Idle streams on one process (five per buyer, the cap), straight to it.
  const held = children[0]!;
  const direct = `http://127.0.0.1:${ports[0]}`;
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const before = rssKiB(held.pid);
  for (let index = 0; index < STREAMS; index += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, STREAMS - index) }, (_, offset) =>
        openEventStream(direct, buyers[Math.floor((index + offset) / 5)]!.token),
      ),
    );
    if (batch.some((stream) => stream.status !== 200)) throw new Error('a stream was refused');
    streams.push(...batch);
  }
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const after = rssKiB(held.pid);
  console.log(
    `\nlive: ${STREAMS.toLocaleString('en')} idle streams on one process: RSS ${(before / 1024).toFixed(1)} -> ${(after / 1024).toFixed(1)} MiB, ${(((after - before) * 1024) / STREAMS / 1024).toFixed(1)} KiB per stream (load average ${load()})`,
  );
  for (const stream of streams.splice(0)) stream.close();

  // 2. Latency through nginx across both processes.
  const nginx = await startNginx({ upstreams: ports });
  try {
    const seller = demoAccounts.seller._id;
    const receivers = await Promise.all(
      buyers.slice(0, RECEIVERS).map(async (buyer) => ({
        buyer,
        conversation: await insertConversation(db!, buyer.id, seller),
        stream: await openEventStream(`http://127.0.0.1:${nginx.port}`, buyer.token),
      })),
    );
    streams.push(...receivers.map((receiver) => receiver.stream));
    const bus = liveBus(db, pino({ level: 'warn' }));
    const latencies: number[] = [];
    const pending: Promise<void>[] = [];
    const total = RATE * SECONDS;
    const started = performance.now();
    for (let index = 0; index < total; index += 1) {
      // on schedule, not after the previous one: a slow delivery does not slow the sending down
      const due = started + (index * 1000) / RATE;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const receiver = receivers[index % receivers.length]!;
      const sent = performance.now();
      pending.push(
        (async () => {
          const seq = await insertMessage(db!, receiver.conversation, seller, `Bench message ${index}`);
          const arrived = receiver.stream.next(
            (event) => event.data.type === 'message' && event.data.message.seq === seq,
            30_000,
          );
          await bus.send([{ user: receiver.buyer.id, type: 'message', seq }]);
          latencies.push((await arrived).at - sent);
        })(),
      );
    }
    await Promise.all(pending);
    const sorted = latencies.sort((x, y) => x - y);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    console.log(
      `live: ${total} messages at ${RATE}/s to ${RECEIVERS} streams over 2 processes behind nginx: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (goal p95 <= ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'NOT met'}); load average ${load()}, ${cpus().length} cores`,
    );
  } finally {
    for (const stream of streams.splice(0)) stream.close();
    await nginx.stop();
  }
} finally {
  for (const stream of streams) stream.close();
  await stopProcesses(children);
  await db?.close();
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
