import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, portAnswers } from './ports.js';
import { ensureDebianPackage } from './debian.js';
import { NGINX, WORKER_CONNECTIONS, nginxSite, startNginx } from './nginx.js';

/**
 * An upstream on a free port; `handle` answers (the default says its name and the path).
 * @param {string} name
 * @param {import('node:http').RequestListener} [handle]
 * @returns {Promise<{ server: import('node:http').Server, port: number }>}
 */
async function upstream(name, handle) {
  const server = createServer(
    handle ??
      ((request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({ name, path: request.url, forwardedFor: request.headers['x-forwarded-for'] }),
        );
      }),
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  return { server, port: /** @type {import('node:net').AddressInfo} */ (server.address()).port };
}
/** @param {import('node:http').Server} server */
const close = (server) => new Promise((resolve) => server.close(resolve));

describe('startNginx', () => {
  /** @type {import('node:http').Server[]} */
  const upstreams = [];
  /** @type {number[]} */
  const ports = [];
  beforeAll(async () => {
    for (const name of ['a', 'b']) {
      const { server, port } = await upstream(name);
      upstreams.push(server);
      ports.push(port);
    }
  });
  afterAll(async () => {
    for (const server of upstreams) await close(server);
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

  it("closes an idle kept connection to a process before the process's own 5 s would (no 502 race)", async () => {
    // Node's default keepAliveTimeout, as the ReCell servers run; 'end' is nginx closing its side
    const { server, port } = await upstream('kept');
    /** @type {number[]} */
    const closedByNginx = [];
    server.on('connection', (socket) => {
      socket.on('end', () => closedByNginx.push(Date.now()));
    });
    const nginx = await startNginx({ upstreams: [port] });
    try {
      const sent = Date.now();
      expect((await fetch(`http://127.0.0.1:${nginx.port}/api/health`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 4_700));
      expect(closedByNginx).toHaveLength(1);
      expect(closedByNginx[0]).toBeLessThan(sent + server.keepAliveTimeout);
    } finally {
      await nginx.stop();
      await close(server);
    }
  });

  it('passes over a dead upstream at once: every GET and POST is answered by the live one', async () => {
    const dead = await freePort();
    const nginx = await startNginx({ upstreams: [dead, ports[0] ?? 0] });
    try {
      for (let i = 0; i < 6; i += 1) {
        for (const method of ['GET', 'POST']) {
          // a POST too: a refused connection never carried it, so nginx may send it on
          const response = await fetch(`http://127.0.0.1:${nginx.port}/api/bookings?i=${i}`, { method });
          expect(response.status).toBe(200);
          expect((await response.json()).name).toBe('a');
        }
      }
    } finally {
      await nginx.stop();
    }
  });

  it('passes /api/events on as each event comes, and holds it open between events', async () => {
    // An event stream that says nothing about buffering itself (the server also sends X-Accel-Buffering: no).
    /** @type {import('node:http').ServerResponse[]} */
    const held = [];
    const streaming = await upstream('s', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: {"n":1}\n\n');
      held.push(response);
    });
    const nginx = await startNginx({ upstreams: [streaming.port] });
    const abort = new AbortController();
    try {
      const response = await fetch(`http://127.0.0.1:${nginx.port}/api/events`, {
        signal: abort.signal,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.headers.get('content-encoding')).toBeNull();
      const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
      const next = async () => {
        const timeout = new Promise((resolve) => setTimeout(() => resolve('nothing in 2 s'), 2000));
        return Promise.race([reader.read().then(({ value }) => new TextDecoder().decode(value)), timeout]);
      };
      expect(await next()).toBe('data: {"n":1}\n\n');
      // the second only after the first was read: each arrives on its own, not when the stream ends
      held[0]?.write('data: {"n":2}\n\n');
      expect(await next()).toBe('data: {"n":2}\n\n');
    } finally {
      abort.abort();
      for (const response of held) response.end();
      await nginx.stop();
      await close(streaming.server);
    }
  });

  it('never sends on a POST that reached a process which then dropped it (a GET it does send on)', async () => {
    /** @type {string[]} */
    const received = [];
    /** @type {import('node:http').RequestListener} */
    const drop = (request) => {
      received.push(`${request.method} ${request.url}`);
      request.socket.destroy();
    };
    const dropping = [await upstream('x', drop), await upstream('y', drop)];
    const ports = dropping.map(({ port }) => port);
    /** @param {string} method */
    const through = async (method) => {
      // a fresh nginx each, so no upstream is disabled yet by an earlier failure (fail_timeout)
      const nginx = await startNginx({ upstreams: ports });
      try {
        const path = `/api/${method.toLowerCase()}`;
        const response = await fetch(`http://127.0.0.1:${nginx.port}${path}`, { method });
        return {
          status: response.status,
          times: received.filter((line) => line === `${method} ${path}`).length,
        };
      } finally {
        await nginx.stop();
      }
    };
    try {
      // once: it may have been done, so it is not done twice
      expect(await through('POST')).toEqual({ status: 502, times: 1 });
      // a GET is safe to send on: both processes got it
      expect(await through('GET')).toEqual({ status: 502, times: 2 });
    } finally {
      for (const { server } of dropping) await close(server);
    }
  });
});

describe('deploy/nginx.conf', () => {
  const file = join(import.meta.dirname, '..', '..', '..', 'deploy', 'nginx.conf');

  it('is nginxSite, the config the local runs test, for ports 3001 and 3002 (after its comment)', () => {
    const text = readFileSync(file, 'utf8');
    expect(text.replace(/^(#.*\n)+/, '')).toBe(nginxSite({ listen: '80', upstreams: [3001, 3002] }));
  });

  it('passes nginx -t inside an http block, as /etc/nginx/conf.d/ includes it', async () => {
    ensureDebianPackage('nginx', () => existsSync(NGINX));
    const dir = mkdtempSync(join(tmpdir(), 'recell-nginx-t-'));
    try {
      const main = join(dir, 'nginx.conf');
      writeFileSync(
        main,
        `pid ${join(dir, 'pid')};\nerror_log ${join(dir, 'error.log')};\nevents {}\nhttp {\n  include ${file};\n}\n`,
      );
      const result = spawnSync(
        '/usr/sbin/nginx',
        ['-t', '-p', dir, '-c', main, '-e', join(dir, 'error.log')],
        {
          encoding: 'utf8',
        },
      );
      expect(result.stderr).toContain('test is successful');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('deploy/nginx-main.conf', () => {
  const deploy = join(import.meta.dirname, '..', '..', '..', 'deploy');
  const file = join(deploy, 'nginx-main.conf');

  it('sizes the connections per worker for live streams, as the local runs do', () => {
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(new RegExp(`^events \\{\\n  worker_connections ${WORKER_CONNECTIONS};\\n\\}`, 'm'));
    // a worker may open a file per connection, and more
    const files = Number(/^worker_rlimit_nofile (\d+);/m.exec(text)?.[1]);
    expect(files).toBeGreaterThan(2 * WORKER_CONNECTIONS);
  });

  it('passes nginx -t as /etc/nginx/nginx.conf with the site in conf.d', async () => {
    ensureDebianPackage('nginx', () => existsSync(NGINX));
    const dir = mkdtempSync(join(tmpdir(), 'recell-nginx-main-'));
    try {
      // The system's paths moved into the temp dir (no root, nothing of the machine's own touched).
      const main = join(dir, 'nginx.conf');
      const text = readFileSync(file, 'utf8')
        .replace(/^user .*\n/m, '')
        .replace('/run/nginx.pid', join(dir, 'pid'))
        .replace(/^include \/etc\/nginx\/modules-enabled\/.*\n/m, '')
        .replaceAll('/var/log/nginx/', `${dir}/`)
        .replace('/etc/nginx/conf.d/*.conf', join(deploy, 'nginx.conf'));
      expect(text).toContain(join(deploy, 'nginx.conf'));
      writeFileSync(main, text);
      const result = spawnSync(NGINX, ['-t', '-p', dir, '-c', main, '-e', join(dir, 'error.log')], {
        encoding: 'utf8',
      });
      expect(result.stderr).toContain('test is successful');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
