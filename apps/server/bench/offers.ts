// The offers' part of `npm run bench` (issue 47), on SQLite (the embedded default). The app runs in this process
// (built by buildServer, as the tests build it; production mode, the built-in test processor) over a fresh temp
// database, with BENCH_OFFER_BUYERS buyers (default 200) and one seller signed in by access token, and
// BENCH_OFFER_LISTINGS listings (default 100) of ample stock. For BENCH_SECONDS (default 10) CONNECTIONS clients
// each run whole offers over HTTP, one (buyer, listing) pair each: make it, authorize the card (intent and test
// card), then one of five answers in turn: the seller accepts, declines or counters (the buyer then authorizes the
// counter, or declines it), or the buyer withdraws. It prints offers made (card authorized) and answered per
// second with p50/p95 of each step, then a sold-out burst (BENCH_OFFER_SOLD_OUT pending offers on a last unit, one
// accepted: the others voided), then the offers' job tick, and last the authorizations the processor still holds
// for offers that did not become a deal: it must print 0. A miss is printed, never a failure (the bench is not
// part of npm test). Client and server share this process and its core.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { signAccessToken } from '../src/auth/access-token';
import type { Identity } from '../src/auth/identity';
import { buildServer } from '../src/build-server';
import { loadConfig } from '../src/config';
import { usersRepository } from '../src/modules/users/repository';
import { strayOfferAuthorizations } from '../test/support/offer-money';
import { CONNECTIONS, SECONDS } from './support';

const BUYERS = Number(process.env.BENCH_OFFER_BUYERS ?? 200);
const LISTINGS = Number(process.env.BENCH_OFFER_LISTINGS ?? 100);
const SOLD_OUT = Number(process.env.BENCH_OFFER_SOLD_OUT ?? 50);
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const ASKING_CENTS = 45_000;
const TEST_CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2035, cvc: '123' };

/** Access tokens are verified with our own secret, so Firebase is never asked. */
const noIdentity: Identity = {
  verifyIdToken: () => Promise.resolve(null),
  deleteAccount: () => Promise.resolve(),
  ensureAccount: () => Promise.resolve(''),
  ensurePhoneSecondFactor: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const since = new Date(Date.now() - 60_000);
const dir = mkdtempSync(join(tmpdir(), 'recell-bench-offers-'));
const built = await buildServer(
  loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dir,
    JWT_SECRET: SECRET,
    // A real-looking project id (not demo mode); it is never contacted: identity is stubbed above.
    FIREBASE_PROJECT_ID: 'recell-bench',
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dir, 'no-web-build'),
  }),
  { identity: noIdentity },
);
const { app, config, db, payments, services } = built;
const listening = app.listen(0, '127.0.0.1');
await new Promise((resolve) => listening.once('listening', resolve));
const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api`;

try {
  // --- the people and the listings -----------------------------------------------------------------------------
  const users = usersRepository(db);
  const person = async (id: string, role: 'buyer' | 'seller') => {
    const email = `${id}@recell.test`;
    await users.insert({ id, email, firebase_uid: null, name: id, role }, new Date().toISOString());
    return signAccessToken(config.jwtSecret, { sub: id, email, role });
  };
  const seller = await person('u-bench-offer-seller', 'seller');
  const buyers: string[] = [];
  for (let index = 0; index < BUYERS + SOLD_OUT; index += 1) {
    buyers.push(await person(`u-bench-offer-buyer-${index}`, 'buyer'));
  }
  const listing = (id: string, stock: number) =>
    db.run(
      `INSERT INTO mobiles (id, seller_id, category_id, title, picture, location, resale_cents, buying_cents,
         year_of_purchase, year_of_uses, posted_at, seller_name, condition, number_of_seller, details, booking_ref,
         stock, advertised)
       VALUES (?, 'u-bench-offer-seller', '03', 'Bench offer phone', '/uploads/seed/m-apple-iphone-13.svg',
         'Dhaka, Gulshan 2', ?, 99900, 2024, 1, ?, 'Bench Seller', 'Good', '+880 1711 000000',
         'A phone listed for the offers bench.', ?, ?, 0)`,
      [id, ASKING_CENTS, new Date().toISOString(), `BO-${id}`, stock],
    );
  await db.transaction(async () => {
    for (let index = 0; index < LISTINGS; index += 1) await listing(`m-bench-offer-${index}`, 1_000_000);
    await listing('m-bench-offer-last-unit', 1);
  });

  // --- one offer, over HTTP --------------------------------------------------------------------------------------
  const timings = { make: [] as number[], pay: [] as number[], answer: [] as number[] };
  let unexpected = 0;
  const api = async (token: string, path: string, body?: object) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await response.json()) as Record<string, unknown>;
    return { status: response.status, json };
  };
  const expectStatus = (answer: { status: number; json: unknown }, status: number, what: string) => {
    if (answer.status === status) return true;
    unexpected += 1;
    if (unexpected <= 5)
      console.error(`offers bench: ${what} answered ${answer.status} ${JSON.stringify(answer.json)}`);
    return false;
  };
  /** Authorizes the card for what the offer has due now (its amount, or the counter). */
  const pay = async (buyer: string, offerId: string) => {
    const intent = await api(buyer, '/create-payment-intent', { offerId });
    if (!expectStatus(intent, 200, 'createPaymentIntent')) return false;
    const confirmed = await api(buyer, `/test-processor/payment-intents/${String(intent.json.id)}/confirm`, {
      clientSecret: intent.json.clientSecret,
      card: TEST_CARD,
      billing_details: { name: 'Bench Buyer', email: 'bench-buyer@recell.test' },
    });
    return expectStatus(confirmed, 200, 'confirmTestPayment');
  };
  /** A pending offer: made, then its card authorized. */
  const pendingOffer = async (buyer: string, mobileId: string, amount: number) => {
    let started = performance.now();
    const made = await api(buyer, '/offers', { mobileId, amount });
    timings.make.push(performance.now() - started);
    if (!expectStatus(made, 201, 'makeOffer')) return undefined;
    started = performance.now();
    const paid = await pay(buyer, String(made.json._id));
    timings.pay.push(performance.now() - started);
    return paid ? String(made.json._id) : undefined;
  };
  const answer = async (kind: number, buyer: string, offerId: string) => {
    const started = performance.now();
    let ok: boolean;
    if (kind === 0) ok = expectStatus(await api(seller, `/offers/${offerId}/accept`), 200, 'acceptOffer');
    else if (kind === 1)
      ok = expectStatus(await api(seller, `/offers/${offerId}/decline`), 200, 'declineOffer');
    else if (kind === 2)
      ok = expectStatus(await api(buyer, `/offers/${offerId}/withdraw`), 200, 'withdrawOffer');
    else {
      ok = expectStatus(
        await api(seller, `/offers/${offerId}/counter`, { amount: 440 }),
        200,
        'counterOffer',
      );
      if (ok && kind === 3) ok = await pay(buyer, offerId);
      else if (ok)
        ok = expectStatus(await api(buyer, `/offers/${offerId}/decline`), 200, 'declineOffer (counter)');
    }
    timings.answer.push(performance.now() - started);
    return ok;
  };

  // --- the timed run: CONNECTIONS clients, one (buyer, listing) pair per offer --------------------------------
  let next = 0;
  let made = 0;
  let answered = 0;
  let until = Number.POSITIVE_INFINITY;
  let stopAt = Number.POSITIVE_INFINITY;
  const client = async () => {
    while (performance.now() < until && next < stopAt) {
      const pair = next++;
      if (pair >= BUYERS * LISTINGS) return;
      const buyer = buyers[pair % BUYERS]!;
      const mobileId = `m-bench-offer-${Math.floor(pair / BUYERS) % LISTINGS}`;
      const offerId = await pendingOffer(buyer, mobileId, 300 + (pair % 100));
      if (!offerId) continue;
      made += 1;
      if (await answer(pair % 5, buyer, offerId)) answered += 1;
    }
  };
  // A warm-up of every answer twice (the validator compiles each operation's schemas on its first request),
  // kept out of the figures.
  stopAt = 10;
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  made = 0;
  answered = 0;
  unexpected = 0;
  for (const list of Object.values(timings)) list.length = 0;
  stopAt = Number.POSITIVE_INFINITY;
  until = performance.now() + SECONDS * 1000;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const figures = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
  };
  console.log(
    `offers: ${(made / elapsed).toFixed(1)} made (card authorized) and ${(answered / elapsed).toFixed(1)} answered ` +
      `per second over ${elapsed.toFixed(1)} s, ${CONNECTIONS} clients (${made} made, ${answered} answered, ` +
      `${unexpected} unexpected answers; CPU ${((cpu.user + cpu.system) / 1000 / Math.max(made, 1)).toFixed(1)} ms ` +
      `an offer, client included)`,
  );
  console.log(
    `offers: make ${figures(timings.make)}; authorize ${figures(timings.pay)}; answer ${figures(timings.answer)}`,
  );

  // --- the last unit: many pending offers, one accepted, the others voided -------------------------------------
  const lastUnit = 'm-bench-offer-last-unit';
  const waiting = (
    await Promise.all(buyers.slice(BUYERS).map((buyer, index) => pendingOffer(buyer, lastUnit, 300 + index)))
  ).filter((id): id is string => id !== undefined);
  const acceptStarted = performance.now();
  expectStatus(await api(seller, `/offers/${waiting[0]}/accept`), 200, 'acceptOffer (last unit)');
  const acceptMs = performance.now() - acceptStarted;
  const voided = await db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM offers WHERE mobile_id = ? AND status = 'voided'",
    [lastUnit],
  );
  const tickStarted = performance.now();
  const tick = await services.offers.tick();
  const tickMs = performance.now() - tickStarted;
  console.log(
    `offers: last unit with ${waiting.length} pending offers: accepting one took ${acceptMs.toFixed(1)} ms and ` +
      `voided ${voided?.n ?? 0}; the job's tick then ${tickMs.toFixed(1)} ms (${JSON.stringify(tick)})`,
  );

  // --- what the processor still holds ---------------------------------------------------------------------------
  await services.offers.tick();
  const stray = await strayOfferAuthorizations(payments, db, since);
  const unreleased = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM offer_authorizations a JOIN offers o ON o.id = a.offer_id
     WHERE a.state IN ('live', 'releasing') AND o.status NOT IN ('awaiting_card', 'pending', 'countered')`,
  );
  console.log(
    `offers: authorizations left live after the run: ${stray.length} at the processor, ${unreleased?.n ?? 0} ` +
      `unreleased in offer_authorizations (must be 0) ${stray.length + (unreleased?.n ?? 0) === 0 ? 'met' : 'MISSED'} ` +
      `(load average ${loadavg()[0]?.toFixed(2)})`,
  );
  if (stray.length > 0) console.log(stray.slice(0, 5));
} finally {
  await new Promise((resolve) => listening.close(resolve));
  await built.close();
  rmSync(dir, { recursive: true, force: true });
}
