import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portAnswers } from './ports.js';
import { startNginx } from './nginx.js';

describe('startNginx', () => {
  /** @type {import('node:http').Server[]} */
  const upstreams = [];
  /** @type {number[]} */
  const ports = [];
  beforeAll(async () => {
    for (const name of ['a', 'b']) {
      const server = createServer((request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({ name, path: request.url, forwardedFor: request.headers['x-forwarded-for'] }),
        );
      });
      await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
      upstreams.push(server);
      ports.push(/** @type {import('node:net').AddressInfo} */ (server.address()).port);
    }
  });
  afterAll(async () => {
    for (const server of upstreams) await new Promise((resolve) => server.close(resolve));
  });

  it('spreads requests over its upstreams on one origin, and stop() closes its port', async () => {
    const nginx = await startNginx({ upstreams: ports });
    try {
      const seen = new Set();
      for (let i = 0; i < 6; i += 1) {
        const response = await fetch(`http://127.0.0.1:${nginx.port}/api/listings?page=${i}`);
        expect(response.status).toBe(200);
        const body = await response.json();
        expect(body.path).toBe(`/api/listings?page=${i}`);
        expect(body.forwardedFor).toBe('127.0.0.1');
        seen.add(body.name);
      }
      expect([...seen].sort()).toEqual(['a', 'b']);
    } finally {
      await nginx.stop();
    }
    expect(await portAnswers(nginx.port)).toBe(false);
  });
});
