// GET /jwt: the identity service's ID token in, the app's access token (with the role) out.
import { unwrap } from '@recell/api';
import type { Api } from '../../../lib/api';

export function exchangeToken(api: Api, idToken: string, email?: string) {
  return unwrap(
    api.GET('/jwt', {
      params: { query: email ? { email } : {} },
      headers: { authorization: `Bearer ${idToken}` },
    }),
  );
}
