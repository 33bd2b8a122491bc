// renderApp: the whole app (providers and routes) at a memory location, over the MSW mocks, optionally
// signed in as a persona. Tests drive it the way a user does and read it by role and text.
import type { User } from '@recell/api';
import type { MockStore } from '@recell/api/mocks';
import { render } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '../app/shell/providers';
import { AppRoutes } from '../app/shell/AppRoutes';
import { sessionAtom } from '../features/auth/atoms';
import { createMockIdentity, mockIdentityLoader } from '../mock-mode/mock-identity';
import { freshMockStore, server } from './server';
import { createTestQueryClient, sessionFor } from './session';

export { sessionFor } from './session';

/** The page's origin in tests (vite.config.ts sets jsdom's URL to it). */
export const TEST_ORIGIN = 'http://recell.test';

export interface RenderAppOptions {
  /** Signed in as this user (one of the fixtures' users, or one added to the store). */
  as?: Pick<User, '_id' | 'email' | 'role' | 'name'>;
  /** Change the mock store before the app renders (e.g. add listings). */
  seed?: (store: MockStore) => void;
  /** Extra MSW handlers that answer before the mocks' own (failures, unusual data). */
  handlers?: RequestHandler[];
  /** Set the scene after the stores exist and before the first render (an expired session ...). */
  before?: (scene: { store: JotaiStore; identity: MockIdentity; mockStore: MockStore }) => unknown;
  /** Rendered beside the routes, inside the providers (the mocked build's QA panel). */
  beside?: ReactNode;
}

type JotaiStore = ReturnType<typeof createStore>;
type MockIdentity = ReturnType<typeof createMockIdentity>;

export function renderApp(path = '/', { as, seed, handlers = [], before, beside }: RenderAppOptions = {}) {
  const mockStore = freshMockStore();
  seed?.(mockStore);
  server.use(...handlers);
  const store = createStore();
  if (as) store.set(sessionAtom, sessionFor(as));
  const identity = createMockIdentity(mockStore);
  before?.({ store, identity, mockStore });
  const queryClient = createTestQueryClient();
  const location = memoryLocation({ path, record: true });
  const user = userEvent.setup();
  const view = render(
    <AppProviders
      store={store}
      queryClient={queryClient}
      apiBaseUrl={`${TEST_ORIGIN}/api`}
      identity={mockIdentityLoader(identity)}
      location={location}
    >
      <AppRoutes />
      {beside}
    </AppProviders>,
  );
  const currentPath = () => location.history.at(-1) ?? path;
  return { ...view, user, mockStore, store, identity, location, currentPath, queryClient };
}
