// POST /usersall: saves the new account's record with the chosen role; the email comes from the ID token.
import { unwrap, type components } from '@recell/api';
import type { Api } from '../../../lib/api';

export type NewUser = components['schemas']['NewUser'];

export function createUser(api: Api, idToken: string, user: NewUser) {
  return unwrap(api.POST('/usersall', { body: user, headers: { authorization: `Bearer ${idToken}` } }));
}
