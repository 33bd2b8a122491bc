// The notifications outbox's part of `npm run bench`, on SQLite (the embedded default): 10,000 events (a booking
// of the demo seller's listing, each notify() in its own transaction, as a request writes it) go through the outbox
// worker to the real local SMTP server (@recell/local/mail-catcher, each message written to disk). Figures: emails
// accepted per second by the SMTP server, and p50/p95 from the event's commit to the SMTP server's acceptance (the
// worker's sent_at: nodemailer resolves on the 250 answer). The events are written as fast as one writer allows
// while the worker runs, so the latency includes the queue a burst builds. BENCH_EVENTS changes the count.
// Then the steady-rate mode: events at BENCH_RATE per second (default 20, below the throughput above) for
// BENCH_STEADY_SECONDS (default 30), with the worker polling as a server runs it (no kicks), so its p95 is the
// pipeline's own delay (the poll interval, the render, the SMTP round trip), not a queue.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { MESSAGE_DIGEST_MINUTES } from '@recell/api';
import { demoAccounts } from '@recell/api/fixtures';
import { startMailCatcher } from '@recell/local/mail-catcher';
import { openDatabase } from '../src/db/sqlite';
import { messageDigests } from '../src/modules/notifications/digest';
import { mailTransport } from '../src/modules/notifications/mailer';
import { notificationsRepository } from '../src/modules/notifications/repository';
import { notificationsService } from '../src/modules/notifications/service';
import { unsubscribeTokens, unsubscribeUrls } from '../src/modules/notifications/unsubscribe-token';
import { outboxWorker } from '../src/modules/notifications/worker';
import { SECRET, seedBench } from './support';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const DIGEST_THREADS = Number(process.env.BENCH_DIGEST_THREADS ?? 1_000);
const DIGEST_MESSAGES = 3;
const RATE = Number(process.env.BENCH_RATE ?? 20);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 30);
const origin = 'http://127.0.0.1:3000';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const dir = mkdtempSync(join(tmpdir(), 'recell-bench-outbox-'));
const catcher = await startMailCatcher({ dir: join(dir, 'mail') });
const db = await openDatabase(join(dir, 'recell.sqlite'));
try {
  await seedBench(db, 0);
  const rows = notificationsRepository(db);
  const tokens = unsubscribeTokens(new TextEncoder().encode(SECRET));
  const signals = { send: async () => undefined };
  // The digests' clock: moved on a window at once, as the deal clock is in the tests (nothing waits 15 minutes).
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const service = notificationsService({ db, notifications: rows, tokens, signals, origin, clock });
  const makeWorker = () =>
    outboxWorker({
      notifications: rows,
      transport: mailTransport(catcher.url),
      signals,
      logger: pino({ level: 'silent' }),
      from: 'ReCell <no-reply@recell.test>',
      domain: '127.0.0.1',
      unsubscribeUrl: (userId, kind) => unsubscribeUrls(origin, tokens)(userId, kind).oneClick,
      digests: messageDigests({
        notifications: rows,
        origin,
        unsubscribePage: (userId) => unsubscribeUrls(origin, tokens)(userId, 'message').page,
      }),
      clock,
    });
  /** One event as a request writes it: a booking of the demo seller's listing, in its own transaction. */
  const event = (index: number) =>
    db.transaction(() =>
      service.notify({
        kind: 'booking',
        to: [{ id: demoAccounts.seller._id, side: 'seller', link: '/dashboard/myBuyers' }],
        actor: demoAccounts.buyer._id,
        listing: {
          mobileId: 'm-apple-iphone-14-pro',
          title: `Bench phone ${index}`,
          picture: '/uploads/seed/m-apple-iphone-14-pro.svg',
          priceCents: 82_000,
        },
        who: demoAccounts.buyer.name,
      }),
    );
  /** Event-to-accepted delays (ms) of the emails written since `since` (an ISO time), sorted. */
  const delays = async (since = '') =>
    (
      await db.all<{ created_at: string; sent_at: string }>(
        "SELECT created_at, sent_at FROM outbox WHERE channel = 'email' AND status = 'sent' AND created_at >= ?",
        [since],
      )
    )
      .map((row) => Date.parse(row.sent_at) - Date.parse(row.created_at))
      .sort((a, b) => a - b);
  const worker = makeWorker();
  worker.start();
  const started = performance.now();
  for (let index = 0; index < EVENTS; index += 1) {
    await event(index);
    if (index % 200 === 0) worker.kick();
  }
  const written = performance.now();
  while ((await rows.pending()) > 0) {
    worker.kick();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const done = performance.now();
  await worker.stop();
  const sent = await delays();
  const seconds = (done - started) / 1000;
  console.log(
    `outbox (SQLite, load ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}): ${EVENTS} events written in ${((written - started) / 1000).toFixed(1)} s; ` +
      `${sent.length} emails accepted by the local SMTP server in ${seconds.toFixed(1)} s = ` +
      `${(sent.length / seconds).toFixed(0)} emails/s; event to accepted p50 ${percentile(sent, 50)} ms, ` +
      `p95 ${percentile(sent, 95)} ms`,
  );
  if (sent.length !== EVENTS) throw new Error(`expected ${EVENTS} emails, the outbox sent ${sent.length}`);

  // The worker alone: a backlog of EVENTS emails (as after SMTP was down), delivered from a standing start.
  await db.run(
    "UPDATE outbox SET status = 'pending', claimed_until = NULL, sent_at = NULL WHERE channel = 'email'",
  );
  const backlog = makeWorker();
  const from = performance.now();
  await backlog.drain();
  const drained = (performance.now() - from) / 1000;
  console.log(
    `outbox backlog: ${EVENTS} emails delivered in ${drained.toFixed(1)} s = ${(EVENTS / drained).toFixed(0)} emails/s`,
  );

  // Steady rate: one event every 1000 / RATE ms on a fixed schedule (a late one does not push the next), the
  // worker polling on its own as in a server.
  const steady = makeWorker();
  steady.start();
  const since = new Date().toISOString();
  const count = Math.round(RATE * STEADY_SECONDS);
  const from2 = performance.now();
  for (let index = 0; index < count; index += 1) {
    const wait = from2 + (index * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await event(EVENTS + index);
  }
  const writtenIn = (performance.now() - from2) / 1000;
  while ((await rows.pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  await steady.stop();
  const steadyDelays = await delays(since);
  console.log(
    `outbox steady: ${count} events at ${(count / writtenIn).toFixed(1)}/s for ${writtenIn.toFixed(0)} s; ` +
      `event to accepted p50 ${percentile(steadyDelays, 50)} ms, p95 ${percentile(steadyDelays, 95)} ms, ` +
      `max ${steadyDelays.at(-1)} ms`,
  );
  if (steadyDelays.length !== count) throw new Error(`expected ${count} emails, sent ${steadyDelays.length}`);

  // Message digests: the demo buyer takes them; DIGEST_THREADS conversations get DIGEST_MESSAGES messages each
  // from the demo seller (each message and its notify() in one transaction, as a request writes them). Then the
  // clock moves past the window and a worker from a standing start delivers every digest: each is written when
  // it is delivered (its unread messages read back, rendered), sent, and its window closed.
  const { buyer, seller } = demoAccounts;
  await rows.setPreferences(buyer._id, { messageEmail: 'digest' }, new Date().toISOString());
  const digestFrom = performance.now();
  for (let thread = 0; thread < DIGEST_THREADS; thread += 1) {
    const conversation = `c-bench-${thread}`;
    const at = new Date().toISOString();
    await db.run(
      `INSERT INTO conversations (id, mobile_id, buyer_id, seller_id, title, picture, price_cents, created_at,
         updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        conversation,
        `m-bench-${thread}`,
        buyer._id,
        seller._id,
        `Bench thread ${thread}`,
        '/p.svg',
        82_000,
        at,
        at,
      ],
    );
    for (let index = 0; index < DIGEST_MESSAGES; index += 1) {
      await db.transaction(async () => {
        const text = `Message ${index} in thread ${thread}`;
        const row = await db.get<{ seq: number }>(
          `INSERT INTO messages (id, conversation_id, sender_id, text, sent_at) VALUES (?, ?, ?, ?, ?)
           RETURNING seq`,
          [`msg-bench-${thread}-${index}`, conversation, seller._id, text, at],
        );
        await service.notify({
          kind: 'message',
          to: [{ id: buyer._id, side: 'buyer', link: `/dashboard/messages/${conversation}` }],
          actor: seller._id,
          listing: { mobileId: `m-bench-${thread}`, title: `Bench thread ${thread}` },
          who: seller.name,
          quote: text,
          thread: { id: conversation, seq: Number(row!.seq) },
        });
      });
    }
  }
  const digestWritten = (performance.now() - digestFrom) / 1000;
  const waiting = await db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM outbox WHERE channel = 'digest' AND status = 'pending'",
  );
  offsetMs += MESSAGE_DIGEST_MINUTES * 60_000 + 1_000;
  const caught = () => readdirSync(join(dir, 'mail')).length;
  const caughtBefore = caught();
  const digester = makeWorker();
  const digestStart = performance.now();
  await digester.drain();
  const digestSeconds = (performance.now() - digestStart) / 1000;
  const digestMails = caught() - caughtBefore;
  console.log(
    `outbox digests: ${DIGEST_THREADS * DIGEST_MESSAGES} messages in ${DIGEST_THREADS} conversations written in ` +
      `${digestWritten.toFixed(1)} s (${Number(waiting?.n)} windows open); after the window, ${DIGEST_THREADS} ` +
      `digests delivered in ${digestSeconds.toFixed(1)} s = ${(DIGEST_THREADS / digestSeconds).toFixed(0)} digests/s`,
  );
  if (Number(waiting?.n) !== DIGEST_THREADS) throw new Error(`expected ${DIGEST_THREADS} open windows`);
  if (digestMails !== DIGEST_THREADS) {
    throw new Error(`expected ${DIGEST_THREADS} digests, the SMTP server caught ${digestMails}`);
  }
} finally {
  await db.close();
  await catcher.close();
  rmSync(dir, { recursive: true, force: true });
}
