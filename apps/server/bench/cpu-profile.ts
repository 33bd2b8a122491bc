// Where a server's CPU goes under load, from the V8 CPU profile that `node --cpu-prof` writes at exit: the share
// of the busy samples taken inside a window (the load run, not the start-up) whose stack holds a function.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Hotspot {
  /** What the bench prints. */
  label: string;
  functionName: string;
  /** A part of the script's URL, to tell apart functions of the same name. */
  url: string;
}

/** The one profile in `dir` (the process wrote it when it exited). */
export function readProfile(dir: string): Profile {
  const [file] = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
}

/**
 * Each hotspot's share (0-1) of the busy samples between `fromUs` and `toUs` (CLOCK_MONOTONIC microseconds, as
 * V8 stamps samples and `process.hrtime` reads them), counting a sample once however deep the function recurs.
 */
export function cpuShares(profile: Profile, fromUs: number, toUs: number, hotspots: Hotspot[]): number[] {
  const parent = new Map<number, ProfileNode>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const counts = hotspots.map(() => 0);
  let busy = 0;
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    const node = byId.get(id);
    if (time < fromUs || time > toUs || !node || node.callFrame.functionName === '(idle)') return;
    busy += 1;
    hotspots.forEach((hotspot, which) => {
      for (let at: ProfileNode | undefined = node; at; at = parent.get(at.id)) {
        if (at.callFrame.functionName === hotspot.functionName && at.callFrame.url.includes(hotspot.url)) {
          counts[which] = (counts[which] ?? 0) + 1;
          return;
        }
      }
    });
  });
  return counts.map((count) => (busy === 0 ? 0 : count / busy));
}

/** CLOCK_MONOTONIC now, in microseconds (the clock of a CPU profile's timestamps). */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
