// The device-status provider adapter against a local fake of its HTTP API on 127.0.0.1 (clean, blocked, a
// timeout, a 5xx), then a server configured with it: a listing published while the provider is down is "not
// checked" and the re-check job asks again. ReCell's registry still wins over the provider.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerDeviceStatus } from '../src/modules/phone-truth/device-status';
import { imeiWith, listing } from './support/fixtures';
import { call, useServer } from './support/harness';

type Answer = 'clean' | 'blocked' | 'timeout' | 'error' | 'garbage';

/** The fake provider: GET /devices/{imei} answers as `answers` says for that IMEI (clean by default). */
const answers = new Map<string, Answer>();
const seen: IncomingMessage[] = [];
let fake: Server;
const env: Record<string, string> = {};

beforeAll(async () => {
  fake = createServer((req, res) => {
    seen.push(req);
    const imei = /^\/v1\/devices\/([0-9]{15})$/.exec(req.url ?? '')?.[1];
    if (!imei) return void res.writeHead(404).end();
    const answer = answers.get(imei) ?? 'clean';
    if (answer === 'timeout') return; // never answers; the adapter gives up
    if (answer === 'error') return void res.writeHead(503).end('{"error":"maintenance"}');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      answer === 'garbage'
        ? '{"status":"ok"}'
        : // more than the verdict, as a real provider sends: the adapter keeps only the verdict
          JSON.stringify({ imei, blocklisted: answer === 'blocked', make: 'Apple', reasonCode: 'stolen' }),
    );
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  // Read by useServer's beforeAll, which runs after this one.
  Object.assign(env, {
    DEVICE_CHECK_URL: `http://127.0.0.1:${port}/v1/`,
    DEVICE_CHECK_KEY: 'provider-key-1',
    DEVICE_CHECK_TIMEOUT_MS: '300',
  });
});
afterAll(async () => {
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

const ctx = useServer(env);
const fixedNow = () => '2026-11-25T10:00:00.000Z';

describe('the provider adapter', () => {
  const adapter = () =>
    providerDeviceStatus({ url: env.DEVICE_CHECK_URL!, apiKey: 'provider-key-1', timeoutMs: 300 }, fixedNow);

  it('keeps only the verdict and its time: clean and blocked', async () => {
    const clean = imeiWith('35000001');
    const blocked = imeiWith('35000001');
    answers.set(blocked, 'blocked');
    expect(await adapter().check(clean)).toEqual({
      status: 'clean',
      source: 'provider',
      checkedAt: '2026-11-25T10:00:00.000Z',
    });
    expect(await adapter().check(blocked)).toEqual({
      status: 'blocked',
      source: 'provider',
      checkedAt: '2026-11-25T10:00:00.000Z',
    });
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer provider-key-1');
  });

  it('a timeout, a 5xx or an answer without a verdict is unknown (not checked), with no time', async () => {
    for (const answer of ['timeout', 'error', 'garbage'] as const) {
      const imei = imeiWith('35000002');
      answers.set(imei, answer);
      const started = Date.now();
      expect(await adapter().check(imei), answer).toEqual({ status: 'unknown', source: 'provider' });
      expect(Date.now() - started).toBeLessThan(3000);
    }
  });
});

describe('a server with the provider', () => {
  const as = (who: 'seller' | 'admin' | 'buyer') => ctx.people[who].token;
  const publish = (imei: string) =>
    call(ctx.app.server, 'post', '/api/mobiles', { token: as('seller'), body: listing({ imei, stock: 1 }) });
  const device = async (id: string) =>
    (await call(ctx.app.server, 'get', `/api/mobile/${id}`, { token: as('buyer') })).body.imeiCheck.device;

  it('publishes while the provider is down, marked not checked, and the re-check job asks again', async () => {
    const imei = imeiWith('35000003');
    answers.set(imei, 'error');
    const created = await publish(imei);
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    expect(await device(id)).toEqual({ status: 'unknown', source: 'provider' });

    // Still down: nothing changes.
    expect((await ctx.app.services.truth.recheckUnknown()).checked).toBe(0);
    answers.set(imei, 'clean');
    expect((await ctx.app.services.truth.recheckUnknown()).checked).toBeGreaterThanOrEqual(1);
    const checked = await device(id);
    expect(checked).toMatchObject({ status: 'clean', source: 'provider' });
    expect(Date.parse(checked.checkedAt)).not.toBeNaN();
  });

  it("refuses a device the provider calls blocked; ReCell's own block wins over a provider that says clean", async () => {
    const stolen = imeiWith('35000004');
    answers.set(stolen, 'blocked');
    const refused = await publish(stolen);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('device_blocked');

    const ours = imeiWith('35000004');
    answers.set(ours, 'clean');
    const marked = await call(ctx.app.server, 'put', `/api/imeis/${ours}/status`, {
      token: as('admin'),
      body: { status: 'blocked', reason: 'Reported stolen at our counter' },
    });
    expect(marked.body.device).toMatchObject({ status: 'blocked', source: 'recell' });
    expect((await publish(ours)).body.code).toBe('device_blocked');
  });
});
