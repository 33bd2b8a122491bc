// The Auth emulator's admin REST API (demo mode only): `Authorization: Bearer owner` is its admin credential.
// Used to keep its accounts across restarts (emulator-accounts.ts) and to check its tokens against what it
// recorded (emulator-sign-ins.ts).

/** Posts `body` to one of the emulator's project operations (accounts:query, accounts:lookup, ...). */
export type EmulatorAdmin = <T>(operation: string, body: object) => Promise<T>;

export function emulatorAdmin(options: { host: string; projectId: string }): EmulatorAdmin {
  const base = `http://${options.host}/identitytoolkit.googleapis.com/v1/projects/${options.projectId}`;
  return async <T>(operation: string, body: object) => {
    const response = await fetch(`${base}/${operation}`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as T & { error?: { message?: string } };
    if (!response.ok)
      throw new Error(`Auth emulator ${operation}: ${json.error?.message ?? response.status}`);
    return json;
  };
}
