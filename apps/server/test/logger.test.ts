// What `npm start` prints: a readable line per request for a person at a terminal, JSON lines for machines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createLogger } from '../src/logger';
import { loadConfig } from '../src/config';

function sink(isTTY: boolean) {
  const lines: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
    { isTTY },
  );
  return { stream, text: () => lines.join('') };
}

const request = { req: { method: 'GET', url: '/api/categories' }, res: { statusCode: 200 }, responseTime: 3 };

describe('the server log', () => {
  it('is JSON lines when the output is not a terminal', () => {
    const out = sink(false);
    createLogger({ logLevel: 'info', logFormat: undefined }, out.stream).info(request, 'request completed');
    const line = JSON.parse(out.text()) as Record<string, unknown>;
    expect(line).toMatchObject({ msg: 'request completed', level: 30, res: { statusCode: 200 } });
  });

  it('is one readable line per request at a terminal, and JSON again when LOG_FORMAT=json', () => {
    const tty = sink(true);
    createLogger({ logLevel: 'info', logFormat: undefined }, tty.stream).info(request, 'request completed');
    expect(tty.text()).toContain('GET /api/categories 200 3 ms');
    expect(() => JSON.parse(tty.text()) as unknown).toThrow();

    const forced = sink(true);
    createLogger({ logLevel: 'info', logFormat: 'json' }, forced.stream).info(request, 'request completed');
    expect(JSON.parse(forced.text())).toMatchObject({ msg: 'request completed' });
  });

  it('keeps tokens out of the pretty lines too', () => {
    const tty = sink(true);
    createLogger({ logLevel: 'info', logFormat: 'pretty' }, tty.stream).info(
      { req: { headers: { authorization: 'Bearer secret-token' } } },
      'request completed',
    );
    expect(tty.text()).not.toContain('secret-token');
  });

  it('reads LOG_FORMAT, and refuses one it does not know with the reason', () => {
    const dir = mkdtempSync(join(tmpdir(), 'recell-log-format-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const env = { DATA_DIR: dir, DEMO_MODE: '1', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(loadConfig(env).logFormat).toBeUndefined();
    expect(loadConfig({ ...env, LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ ...env, LOG_FORMAT: 'xml' })).toThrow(
      'LOG_FORMAT must be json or pretty, not "xml"',
    );
  });
});
