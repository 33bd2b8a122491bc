// Debian's nginx (installed with apt-get when missing) as a load balancer of the run's own: a foreground process
// with a generated config in a temp dir, never the system service, on 127.0.0.1, proxying every request to a
// set of 127.0.0.1 upstreams, and stopped by its PID.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';
import { ensureDebianPackage } from './debian.js';

export const NGINX = '/usr/sbin/nginx';

/**
 * Connections per nginx worker. Each live stream holds two (the browser's and the one to a server process) for
 * up to an hour, so a distribution's default (Debian's 768) tops out near 384 open streams per worker; 16,384
 * carries about 8,000 per worker. deploy/nginx-main.conf ships the same number (a test holds it there).
 */
export const WORKER_CONNECTIONS = 16384;

/**
 * The load balancer itself, `upstream` and `server` blocks for nginx's `http` context: what `startNginx` runs
 * and what deploy/nginx.conf ships (a test holds that file to this).
 * @param {{ listen: string, upstreams: number[] }} options
 * @returns {string}
 */
export function nginxSite({ listen, upstreams }) {
  return `upstream recell {
  # the process with the fewest requests in flight; a slow search does not queue the next one behind it
  least_conn;
  # A process that refuses or drops a connection (dead, restarting) is passed over for 2 s, then tried again.
${upstreams.map((upstream) => `  server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`).join('\n')}
  keepalive 64;
  # Idle kept connections are closed here first, before the servers' own 5 s (Node's keepAliveTimeout): a
  # request sent on one just as the server closed it failed on every process at once, a 502 (seen in CI).
  keepalive_timeout 4s;
}
server {
  listen ${listen};
  # pictures are uploaded through it (the server's own limit answers in the API's error shape)
  client_max_body_size 50m;
  # Both locations: HTTP/1.1 with no "Connection: close", so upstream connections are kept (and a stream held).
  proxy_http_version 1.1;
  proxy_set_header Connection "";
  proxy_set_header Host $http_host;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $scheme;
  # A request that could not reach a process goes to the next one: a refused connect (a POST too, since it was
  # never sent), and a GET whose connection dropped mid-way. nginx never resends a POST that a process may have
  # received (no non_idempotent here: it could be done twice). Not http_502/http_503: the API answers those
  # itself (the card processor or the picture store unreachable, busy), and they would mark a live process dead.
  proxy_next_upstream error timeout;
  # on loopback or a LAN a live process accepts at once; a hung host is passed over in 2 s, not 60
  proxy_connect_timeout 2s;
  location / {
    proxy_pass http://recell;
  }
  # The live event stream: each event passed on as it comes (not buffered, not compressed), and the connection
  # held well past the server's keep-alive comment every 25 s; the server ends it when the token expires.
  location = /api/events {
    proxy_pass http://recell;
    proxy_buffering off;
    proxy_cache off;
    gzip off;
    proxy_read_timeout 1h;
  }
}
`;
}

/**
 * nginx's whole config for a run of its own: a foreground process, its files in `dir`, `nginxSite` on 127.0.0.1.
 * @param {{ port: number, upstreams: number[], dir: string }} options
 * @returns {string}
 */
export function nginxConfig({ port, upstreams, dir }) {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${join(dir, 'tmp', name)};`)
    .join('\n');
  const site = nginxSite({ listen: `127.0.0.1:${port}`, upstreams }).replace(/^(?=.)/gm, '  ');
  return `daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
worker_processes auto;
events { worker_connections ${WORKER_CONNECTIONS}; }
http {
  access_log off;
${temp}
${site}}
`;
}

/**
 * @typedef {object} Nginx
 * @property {number} port
 * @property {number} pid the master process
 * @property {import('node:child_process').ChildProcess} process
 * @property {() => Promise<void>} stop fast shutdown by PID; removes the temp dir
 */

/**
 * Starts nginx on 127.0.0.1:`port` (default a free one) in front of `upstreams` (127.0.0.1 ports).
 * @param {{ upstreams: number[], port?: number }} options
 * @returns {Promise<Nginx>}
 */
export async function startNginx({ upstreams, port }) {
  ensureDebianPackage('nginx', () => existsSync(NGINX));
  // Under root the workers run as nobody: the temp dir must let them through to the temp paths nginx makes.
  const dir = mkdtempSync(join(tmpdir(), 'recell-nginx-'));
  chmodSync(dir, 0o711);
  mkdirSync(join(dir, 'tmp'));
  const listen = port ?? (await freePort());
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig({ port: listen, upstreams, dir }));
  // -e: the error log before the config is read is ours too, not /var/log/nginx's
  const child = spawn(NGINX, ['-p', dir, '-c', config, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // detached: a Ctrl-C in the terminal reaches the owner, which decides the order things stop in
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const errorLog = () =>
    existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not start on 127.0.0.1:${listen}:\n${stderr}${errorLog()}`);
    }
    // nginx writes its pid file once it listens
    if (existsSync(join(dir, 'nginx.pid'))) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pid = /** @type {number} */ (child.pid);
  let stopped = false;
  return {
    port: listen,
    pid,
    process: child,
    async stop() {
      if (stopped) return;
      stopped = true;
      // SIGTERM is nginx's fast shutdown; SIGQUIT would wait for open keep-alive connections
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
