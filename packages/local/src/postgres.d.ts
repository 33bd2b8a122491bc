export interface Postgres {
  port: number;
  /** the postgres server's own PID */
  pid: number;
  /** the cluster (data) dir */
  dir: string;
  /** a connection URL for `dbName` (default `postgres`) */
  url(dbName?: string): string;
  createDatabase(name: string): Promise<void>;
  /** creates it unless it exists (a durable cluster's later runs) */
  ensureDatabase(name: string): Promise<void>;
  /** drops it even with clients still connected */
  dropDatabase(name: string): Promise<void>;
  /** fast shutdown by PID; removes the dir when it was a temp one */
  stop(): Promise<void>;
}
export function ensurePostgres(): string;
export function startPostgres(options?: {
  dir?: string;
  port?: number;
  durable?: boolean;
}): Promise<Postgres>;
