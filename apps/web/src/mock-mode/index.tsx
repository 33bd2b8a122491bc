// The mocked QA build (`npm run dev:mock`, i.e. `vite --mode mock`): the whole app on the MSW worker over one mock
// store kept for the tab, a mocked identity with the demo accounts, and QA's panel. main.tsx imports this only
// when the mode is `mock`, so none of it (nor msw) reaches the production build; apps/e2e's build-output test
// proves it.
import { getDefaultStore } from 'jotai';
import { setupWorker } from 'msw/browser';
import type { ReactNode } from 'react';
import { sessionAtom } from '../features/auth/atoms';
import type { IdentityLoader } from '../features/auth/identity';
import { createMockIdentity, mockIdentityLoader, type RememberedUser } from './mock-identity';
import { dealControls } from './deal-controls';
import { MockPanel, type MockControls } from './MockPanel';
import { isScenario, scenarioHandlers, type Scenario } from './scenarios';
import { openSessionStore } from './session-store';

const SCENARIO_KEY = 'recell.mock.scenario';
const MOCK_REPLY_MS = 4000;
const USER_KEY = 'recell.mock.user';

export interface MockMode {
  identity: IdentityLoader;
  /** QA's panel; rendered inside the app's providers. */
  panel: ReactNode;
}

function rememberedUser(storage: Storage): RememberedUser {
  return {
    load: () => storage.getItem(USER_KEY),
    save: (email) => (email ? storage.setItem(USER_KEY, email) : storage.removeItem(USER_KEY)),
  };
}

export async function startMockMode(storage: Storage = sessionStorage): Promise<MockMode> {
  const session = openSessionStore(storage);
  if (!session.restored) {
    // a fresh tab starts signed out: the app's session (localStorage) may name an account this store lacks
    storage.removeItem(USER_KEY);
    storage.removeItem(SCENARIO_KEY);
    getDefaultStore().set(sessionAtom, null);
  }
  const saved = storage.getItem(SCENARIO_KEY);
  const scenario: Scenario = isScenario(saved) ? saved : 'normal';

  // QA sees live updates: the other side of a conversation answers a few seconds after they write
  session.store.autoReplyMs = MOCK_REPLY_MS;
  const worker = setupWorker(...scenarioHandlers(scenario, session.store));
  // every answer may have changed the store; pagehide covers a reload in the middle of a request
  worker.events.on('response:mocked', () => session.save());
  addEventListener('pagehide', () => session.save());
  await worker.start({ onUnhandledFrame: 'bypass' });
  session.save();

  const controls: MockControls = {
    scenario,
    setScenario(next) {
      storage.setItem(SCENARIO_KEY, next);
      worker.resetHandlers(...scenarioHandlers(next, session.store));
    },
    deals: dealControls(session.store, () => session.save()),
    reset() {
      session.clear();
      storage.removeItem(SCENARIO_KEY);
      storage.removeItem(USER_KEY);
      getDefaultStore().set(sessionAtom, null);
      location.reload();
    },
  };
  console.info(
    `[recell] mock mode: MSW worker on, scenario "${scenario}"; the data is kept for this tab (Reset in the QA panel)`,
  );
  return {
    identity: mockIdentityLoader(createMockIdentity(session.store, rememberedUser(storage))),
    panel: <MockPanel controls={controls} />,
  };
}
