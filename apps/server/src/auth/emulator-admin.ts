// The Auth emulator's admin REST API (demo mode only): `Authorization: Bearer owner` is its admin credential.
// Used to keep its accounts across restarts (emulator-accounts.ts) and to check its tokens against what it
// recorded (emulator-sign-ins.ts).

/** Posts `body` to one of the emulator's project operations (accounts:query, accounts:lookup, ...). */
export type EmulatorAdmin = <T>(operation: string, body: object) => Promise<T>;

/**
 * The operations that only read, asked a second time when the first attempt got no answer at all. fetch keeps
 * the connection to the emulator open between calls, and the emulator (a Node server) closes one that has idled
 * five seconds: a call sent just as it does fails with "other side closed" before the emulator read it. For a
 * token check that failure was a refused sign-in (a 401 "Please sign in again" right after a sign-up, once in
 * CI). A write is never sent twice: it may have been applied.
 */
const READS = new Set(['accounts:lookup', 'accounts:query']);

export function emulatorAdmin(options: { host: string; projectId: string }): EmulatorAdmin {
  const base = `http://${options.host}/identitytoolkit.googleapis.com/v1/projects/${options.projectId}`;
  return async <T>(operation: string, body: object) => {
    const send = () =>
      fetch(`${base}/${operation}`, {
        method: 'POST',
        headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const response = await send().catch((error: unknown) => {
      if (READS.has(operation)) return send();
      throw error;
    });
    const json = (await response.json()) as T & { error?: { message?: string } };
    if (!response.ok)
      throw new Error(`Auth emulator ${operation}: ${json.error?.message ?? response.status}`);
    return json;
  };
}
