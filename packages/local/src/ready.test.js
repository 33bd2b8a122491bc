import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { freePort } from './ports.js';
import { waitForOutput, waitForUrl } from './ready.js';

/** @param {string} script */
const node = (script) => spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });

describe('waitForUrl', () => {
  it('resolves once the URL answers 2xx, not before', async () => {
    const port = await freePort();
    const child = node('setTimeout(() => {}, 30000)');
    const server = createServer((_request, response) => response.end('ok'));
    try {
      let ready = false;
      const waited = waitForUrl(`http://127.0.0.1:${port}/`, child, { name: 'the app', seconds: 20 }).then(
        () => (ready = true),
      );
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(ready).toBe(false);
      await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
      await waited;
      expect(ready).toBe(true);
    } finally {
      child.kill();
      server.close();
    }
  });

  it('rejects with the exit and the output when the process exits first', async () => {
    const port = await freePort();
    const child = node('process.exit(3)');
    await expect(
      waitForUrl(`http://127.0.0.1:${port}/`, child, {
        name: 'the app',
        seconds: 20,
        output: () => 'what it printed',
      }),
    ).rejects.toThrow('the app exited (exit 3) before it was ready:\nwhat it printed');
  });

  it('rejects after its seconds when nothing answers', async () => {
    const port = await freePort();
    const child = node('setTimeout(() => {}, 30000)');
    try {
      await expect(
        waitForUrl(`http://127.0.0.1:${port}/`, child, { name: 'the app', seconds: 1 }),
      ).rejects.toThrow(/^the app was not ready after 1 s$/);
    } finally {
      child.kill();
    }
  });
});

describe('waitForOutput', () => {
  it('resolves once the marker is printed, even split across chunks', async () => {
    const child = node(
      "process.stderr.write('starting\\n'); setTimeout(() => process.stdout.write('app list'), 200);" +
        "setTimeout(() => process.stdout.write('ening on 1\\n'), 400); setTimeout(() => {}, 30000)",
    );
    try {
      await waitForOutput(child, 'app listening', { name: 'the app', seconds: 20 });
      expect(child.exitCode).toBe(null);
    } finally {
      child.kill();
    }
  });

  it('rejects with what it printed when it exits before the marker', async () => {
    const child = node("console.error('DEMO_MODE is not allowed'); process.exit(1)");
    await expect(waitForOutput(child, 'app listening', { name: 'the app', seconds: 20 })).rejects.toThrow(
      /^the app exited \(exit 1\) before it was ready:\nDEMO_MODE is not allowed/,
    );
  });

  it('rejects after its seconds when the marker never comes', async () => {
    const child = node("console.log('still going'); setTimeout(() => {}, 30000)");
    try {
      await expect(waitForOutput(child, 'app listening', { name: 'the app', seconds: 1 })).rejects.toThrow(
        /^the app was not ready after 1 s:\nstill going/,
      );
    } finally {
      child.kill();
    }
  });
});
