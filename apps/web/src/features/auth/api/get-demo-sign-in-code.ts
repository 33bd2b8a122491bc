// GET /demo/sign-in-code: demo mode only (404 otherwise). The Auth emulator texts nobody; the sign-in screen of
// the demo shows the newest code it "sent" to the phone ending so.
import { unwrap } from '@recell/api';
import type { Api } from '../../../lib/api';

export async function getDemoSignInCode(api: Api, phoneEnding: string): Promise<string> {
  return (await unwrap(api.GET('/demo/sign-in-code', { params: { query: { phoneEnding } } }))).code;
}
