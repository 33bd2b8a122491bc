import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, serverArgs } from './server-node.js';

const root = join(import.meta.dirname, '..', '..', '..');

describe('the server heap flags', () => {
  it('are what the systemd unit starts the server with too', () => {
    const unit = readFileSync(join(root, 'deploy', 'recell@.service'), 'utf8');
    const execStart = unit.split('\n').find((line) => line.startsWith('ExecStart='));
    expect(execStart).toBe(`ExecStart=/usr/bin/node ${serverArgs().join(' ')}`);
  });

  it('are flags this Node accepts, and size the heap as they say', () => {
    const script = "console.log(require('v8').getHeapStatistics().heap_size_limit)";
    const result = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', script], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const limit = Number(result.stdout);
    // the old-space ceiling plus the young generation: well under V8's default on a machine with gigabytes
    expect(limit / 1024 / 1024).toBeGreaterThan(384);
    expect(limit / 1024 / 1024).toBeLessThan(512);
  });
});
