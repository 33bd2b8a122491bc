import type { ChildProcess } from 'node:child_process';

export interface Nginx {
  port: number;
  /** the master process */
  pid: number;
  process: ChildProcess;
  /** fast shutdown by PID; removes the temp dir */
  stop(): Promise<void>;
}
/** the `upstream` and `server` blocks, for nginx's `http` context (deploy/nginx.conf is this) */
/** Debian's nginx binary */
export const NGINX: string;
/** connections per nginx worker, sized for live streams (deploy/nginx-main.conf ships it) */
export const WORKER_CONNECTIONS: number;
export function nginxSite(options: { listen: string; upstreams: number[] }): string;
export function nginxConfig(options: { port: number; upstreams: number[]; dir: string }): string;
export function startNginx(options: { upstreams: number[]; port?: number }): Promise<Nginx>;
