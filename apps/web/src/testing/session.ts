// What tests and stories share to set a scene: a signed-in session for a persona, and a query client that
// shows a failure at once.
import type { User } from '@recell/api';
import { mockAccessToken } from '@recell/api/mocks';
import type { Session } from '../features/auth/atoms';
import { createQueryClient } from '../lib/query-client';

export function sessionFor(user: Pick<User, '_id' | 'email' | 'role' | 'name'>): Session {
  return {
    accessToken: mockAccessToken(user),
    role: user.role,
    expiresAt: Date.now() + 3600_000,
    user: { uid: `firebase-${user.email}`, email: user.email, displayName: user.name },
  };
}

/** The app's query client without retries: a failure shows at once instead of after three attempts. */
export function createTestQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return queryClient;
}
