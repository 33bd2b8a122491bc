// The server as a process: every acknowledged write survives SIGKILL (WAL, synchronous FULL) and the database
// passes its integrity check afterwards; SIGTERM lets in-flight requests finish and closes cleanly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { demoAccounts } from '@recell/api/fixtures';
import { firebaseIdentity, type Identity } from '../src/auth/identity';
import { listing } from './support/fixtures';
import { startChildServer, type ChildServer } from './support/child-server';
import { emulatorHost, signIn } from './support/accounts';
import { testDatabase } from './support/harness';

let dataDir: string;
let identity: Identity;
let idToken: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'recell-process-'));
  identity = firebaseIdentity({ projectId: 'demo-recell', emulatorHost: emulatorHost() });
  await identity.ensureAccount(demoAccounts.seller).catch(() => identity.ensureAccount(demoAccounts.seller));
  idToken = await signIn(demoAccounts.seller.email, demoAccounts.seller.password);
});
afterAll(async () => {
  await identity.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A test that fails half-way still leaves no server behind. */
async function stopIfRunning(server: ChildServer) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

async function accessToken(server: ChildServer): Promise<string> {
  const response = await fetch(`${server.url}/api/jwt`, { headers: { authorization: `Bearer ${idToken}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

describe('the server process', () => {
  it('keeps every acknowledged write through SIGKILL, and the database passes integrity_check', async () => {
    const database = await testDatabase();
    onTestFinished(() => database.drop());
    const first = await startChildServer(dataDir, database.env);
    onTestFinished(() => stopIfRunning(first));
    const token = await accessToken(first);
    const acknowledged: string[] = [];
    let killed = false;
    const write = async (index: number) => {
      const response = await fetch(`${first.url}/api/mobiles`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(listing({ title: `Durable ${index}`, bookingId: `D-${index}` })),
      }).catch(() => undefined);
      if (response?.status === 201)
        acknowledged.push(((await response.json()) as { insertedId: string }).insertedId);
    };
    // Writers keep going; the process is killed right after the 60th acknowledgement, with writes in flight.
    const writers = Array.from({ length: 8 }, async (_, worker) => {
      for (let index = worker; !killed; index += 8) {
        await write(index);
        if (acknowledged.length >= 60 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    });
    await Promise.all(writers);
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const saved = [...acknowledged];
    expect(saved.length).toBeGreaterThanOrEqual(60);

    const second = await startChildServer(dataDir, database.env);
    onTestFinished(() => stopIfRunning(second));
    const again = await accessToken(second);
    for (const id of saved) {
      const response = await fetch(`${second.url}/api/mobile/${id}`, {
        headers: { authorization: `Bearer ${again}` },
      });
      expect(response.status, id).toBe(200);
    }
    const db = await database.open(dataDir);
    if (db.engine === 'sqlite') {
      expect(await db.all('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    }
    const rows = await db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM mobiles WHERE title LIKE 'Durable %'",
    );
    expect(rows?.n).toBeGreaterThanOrEqual(saved.length);
    await db.close();
  }, 120_000); // two server starts and 60 writes: past the default 30 s on a loaded 2-core machine

  it('on SIGTERM finishes the request in flight, then exits 0; its log has no tokens', async () => {
    const server = await startChildServer(dataDir, { LOG_LEVEL: 'info' });
    onTestFinished(() => stopIfRunning(server));
    const token = await accessToken(server);
    const picture = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#345' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'big.jpg');
    const inFlight = fetch(`${server.url}/api/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    await new Promise((resolve) => setTimeout(resolve, 40));
    server.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(201);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('"statusCode":201');
    expect(server.output()).not.toContain(token);
    expect(server.output()).toContain('"authorization":"[Redacted]"');
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
