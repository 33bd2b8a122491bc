import type { User } from '@recell/api';
import { mockAccessToken } from '@recell/api/mocks';
import type { Session } from '../features/auth/atoms';

/** A signed-in session for a persona over the mocks (the mocks accept `mockAccessToken`). */
export function sessionFor(user: Pick<User, '_id' | 'email' | 'role' | 'name'>): Session {
  return {
    accessToken: mockAccessToken(user),
    role: user.role,
    expiresAt: Date.now() + 3600_000,
    user: { uid: `firebase-${user.email}`, email: user.email, displayName: user.name },
  };
}
