import type { ChildProcess } from 'node:child_process';

export interface Nginx {
  port: number;
  /** the master process */
  pid: number;
  process: ChildProcess;
  /** fast shutdown by PID; removes the temp dir */
  stop(): Promise<void>;
}
export function nginxConfig(options: { port: number; upstreams: number[]; dir: string }): string;
export function startNginx(options: { upstreams: number[]; port?: number }): Promise<Nginx>;
