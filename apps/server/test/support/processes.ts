// Several server processes on one PostgreSQL database, as the load-balanced setup runs them (started at once, so
// migrations race as they do in production), for the suites that need more than one process.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startChildServer, type ChildServer } from './child-server';
import { testDatabase, type TestDatabase } from './harness';

export interface Processes {
  /** The address of process `index` (modulo their count: callers spread requests by index). */
  url(index: number): string;
  readonly database: TestDatabase;
  readonly servers: readonly ChildServer[];
  /** Each process's data directory (pictures, its logs). */
  readonly dirs: readonly string[];
}

/** `count` processes for the suite, started before its tests and stopped (and the database dropped) after. */
export function useProcesses(count: number, env: Record<string, string> = {}): Processes {
  let database: TestDatabase | undefined;
  let servers: ChildServer[] = [];
  const dirs: string[] = [];
  beforeAll(async () => {
    database = await testDatabase();
    // Processes behind one load balancer share their secrets: a token (or handover code) one signs, any reads.
    const secret = randomBytes(48).toString('base64url');
    servers = await Promise.all(
      Array.from({ length: count }, () => {
        const dir = mkdtempSync(join(tmpdir(), 'recell-processes-'));
        dirs.push(dir);
        return startChildServer(dir, {
          ...database!.env,
          JWT_SECRET: secret,
          RATE_LIMIT_TOKEN: '10000',
          RATE_LIMIT_SIGNUP: '10000',
          ...env,
        });
      }),
    );
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
      await server.exited;
    }
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  return {
    url: (index) => servers[index % count]!.url,
    get database() {
      if (!database) throw new Error('the processes have not started');
      return database;
    },
    get servers() {
      return servers;
    },
    dirs,
  };
}
