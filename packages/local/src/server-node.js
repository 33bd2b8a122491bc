// How every launcher starts the server (npm start, start:scaled, the e2e stack, the server's own process tests,
// the benches; deploy/recell@.service writes the same flags): Node with tsx and the heap sized for a web server.
//
// Why the flags (measured in apps/server/bench/bench.ts's memory row): V8 sizes its young generation
// from the machine's memory, 64 MB per semi-space on a 23 GB machine, so a fresh server held 128 MB of nursery,
// and under load the old generation filled with garbage for 150 MB before a full collection (the live heap after
// one is about 50 MB). 16 MB semi-spaces cost no CPU per request that the bench can see, and a 384 MB old-space
// ceiling makes V8 collect sooner: RSS after 20 s of load went from about 380-470 MB to about 220 MB.
import { join } from 'node:path';

export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=384'];

/**
 * `node <flags> --import tsx src/server.ts`, run from apps/server; `extra` goes before the script (e.g. --cpu-prof).
 * @param {readonly string[]} [extra]
 */
export function serverArgs(extra = []) {
  return [...SERVER_NODE_FLAGS, ...extra, '--import', 'tsx', join('src', 'server.ts')];
}
