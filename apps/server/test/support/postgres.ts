// vitest globalSetup of the postgres project: one throwaway PostgreSQL cluster for the run (installed from
// Debian's packages when missing, started on a free port, stopped by PID at the end); each test server gets a
// database of its own in it (harness.ts: testDatabase). TEST_POSTGRES_URL points at a running server instead.
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's URL with no database name; '' on the SQLite project. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const given = process.env.TEST_POSTGRES_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return;
  }
  const { startPostgres } = await import('@recell/local/postgres');
  const cluster = await startPostgres();
  project.provide('postgresUrl', cluster.url('').replace(/\/$/, ''));
  return () => cluster.stop();
}
