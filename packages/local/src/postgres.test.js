import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portAnswers } from './ports.js';
import { startPostgres } from './postgres.js';

describe('startPostgres', () => {
  /** @type {import('./postgres.js').Postgres} */
  let server;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('serves a database it creates on 127.0.0.1, and stop() closes the port and removes the temp dir', async () => {
    await server.createDatabase('journey-test');
    expect(server.url('journey-test')).toBe(`postgres://postgres@127.0.0.1:${server.port}/journey-test`);
    const client = new pg.Client({ connectionString: server.url('journey-test') });
    // the forced drop below ends this client's session: an error event it must not throw
    client.on('error', () => {});
    await client.connect();
    const { rows } = await client.query('SELECT 1 AS one, current_database() AS db');
    expect(rows).toEqual([{ one: 1, db: 'journey-test' }]);
    // a client still connected does not keep the database from being dropped
    await server.dropDatabase('journey-test');
    await client.end().catch(() => {});
    const admin = new pg.Client({ connectionString: server.url() });
    await admin.connect();
    const left = await admin.query(
      "SELECT count(*)::int AS n FROM pg_database WHERE datname = 'journey-test'",
    );
    await admin.end();
    expect(left.rows[0].n).toBe(0);

    expect(await portAnswers(server.port)).toBe(true);
    await server.stop();
    expect(await portAnswers(server.port)).toBe(false);
    expect(existsSync(server.dir)).toBe(false);
  });
});

describe('startPostgres({ dir, durable })', () => {
  /** @type {string} */
  let dir;
  beforeAll(() => {
    const parent = mkdtempSync(join(tmpdir(), 'recell-pg-test-'));
    // under root the cluster runs as the postgres user, which must get through the (0700) folder above it
    chmodSync(parent, 0o711);
    dir = join(parent, 'cluster');
  });
  afterAll(() => {
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('keeps its data in the dir for the next start, and asks for the password it saved there', async () => {
    const first = await startPostgres({ dir, durable: true });
    const password = new URL(first.url()).password;
    expect(password).not.toBe('');
    const writer = new pg.Client({ connectionString: first.url() });
    await writer.connect();
    await writer.query('CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');
    await writer.end();
    const stranger = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${first.port}/postgres`,
    });
    await expect(stranger.connect()).rejects.toThrow(/password/);
    await first.stop();
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);

    const second = await startPostgres({ dir, durable: true });
    try {
      // made once, found the second time (as every start of the scaled run asks for it)
      await second.ensureDatabase('shop');
      await second.ensureDatabase('shop');
      const shop = new pg.Client({ connectionString: second.url('shop') });
      await shop.connect();
      await shop.end();
      expect(new URL(second.url()).password).toBe(password);
      const reader = new pg.Client({ connectionString: second.url() });
      await reader.connect();
      const { rows } = await reader.query('SELECT n FROM kept');
      await reader.end();
      expect(rows).toEqual([{ n: 42 }]);
    } finally {
      await second.stop();
    }
  });
});
