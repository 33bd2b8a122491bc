import type { ChildProcess } from 'node:child_process';

export interface SuperviseOptions {
  /** spawns the process; `restarts` is 0 the first time */
  start(restarts: number): ChildProcess;
  /** told of each exit that a restart follows, and the delay before it */
  onExit?(exit: { code: number | null; signal: NodeJS.Signals | null; delayMs: number }): void;
  /** asked before each restart: false ends the supervision as stop() would, without signalling */
  shouldRestart?(): boolean;
  /** the delay after the first exit in a row (default 500 ms); it doubles with each further one */
  firstDelayMs?: number;
  /** the longest delay (default 10 s) */
  maxDelayMs?: number;
  /** a process that ran this long (default 30 s) exited healthy: the next delay is the first again */
  healthyMs?: number;
}
export interface Supervised {
  /** the process running now (or the last one, while a restart waits) */
  readonly child: ChildProcess;
  /** how many times it was restarted */
  readonly restarts: number;
  /** no more restarts; signals the running process (SIGKILL after `graceMs`) and resolves once it exited */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}
export function supervise(options: SuperviseOptions): Supervised;
