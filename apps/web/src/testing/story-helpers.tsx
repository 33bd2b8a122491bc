// Screen stories: the whole app (providers, layout, routes) at a route, as a persona, over the contract's MSW
// mocks in the browser's service worker. Every story gets a fresh mock store, jotai store and query client.
import { demoAccounts, users as fixtureUsers } from '@recell/api/fixtures';
import {
  createHandlers,
  createMockStore,
  emptyView,
  hang,
  SERVER_ERROR,
  serverError,
  type MockStore,
} from '@recell/api/mocks';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { createStore } from 'jotai';
import { http, passthrough, type RequestHandler } from 'msw';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure, expect, userEvent, waitFor, within } from 'storybook/test';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '../app/shell/providers';
import { AppRoutes } from '../app/shell/AppRoutes';
import { themeChoiceAtom } from '../app/shell/theme';
import { sessionAtom } from '../features/auth/atoms';
import { createMockIdentity, mockIdentityLoader } from '../mock-mode/mock-identity';
import { createTestQueryClient, sessionFor } from './session';

export type Persona = 'visitor' | 'buyer' | 'seller' | 'admin';

/**
 * normal: the fixtures; loading: every API call hangs; empty: no phones, bookings, cart items, reports or blogs;
 * error: every API call answers 500 with the contract's Error.
 */
export type Scenario = 'normal' | 'loading' | 'empty' | 'error';

export interface ScreenScene {
  route: string;
  persona?: Persona;
  scenario?: Scenario;
  /** Handlers that answer before the mocks (and before the scenario's). */
  handlers?: RequestHandler[];
  /** Changes the mock store before the screen renders. */
  seed?: (store: MockStore) => void;
  /** The identity service's next call fails with this code (`popup-blocked` ...), as Firebase's would. */
  identityFails?: string;
  /** The next code typed (a second step, an enrolment) fails with this code (`code-expired` ...). */
  codeFails?: string;
}

declare module 'storybook/internal/csf' {
  interface Parameters {
    /** Merged from the meta's and the story's parameters: a story sets only what differs. */
    screen?: Partial<ScreenScene>;
  }
}

// a screen's first render loads its lazy chunk: on a busy CI machine (server tests beside) that took over 5 s once
configure({ asyncUtilTimeout: 10_000 });

export { hang, SERVER_ERROR, serverError } from '@recell/api/mocks';

/** Every list empty, and none of the fixtures' other people: only the personas have signed up. */
function emptyData(store: MockStore): MockStore {
  const personas = new Set<string>(Object.values(demoAccounts).map((account) => account.email));
  const seeded = new Set(fixtureUsers.map((user) => user.email));
  return {
    ...emptyView(store),
    users: store.users.filter((user) => personas.has(user.email) || !seeded.has(user.email)),
  };
}

const scenarioHandlers: Record<Scenario, RequestHandler[]> = {
  normal: [],
  empty: [],
  loading: [hang('/*')],
  error: [serverError('/*')],
};

/**
 * The mocks match `*\/api/*` on any origin, and so would the dev server's own modules under
 * `/packages/api/src/` (a screen's lazy chunk importing @recell/api would get a 404 "No such API route").
 * This handler, in front of all others, lets everything but this origin's `/api/` go to the network.
 */
const onlyTheApi = http.all('*', ({ request }) => {
  const url = new URL(request.url);
  if (url.origin === window.location.origin && url.pathname.startsWith('/api/')) return undefined;
  return passthrough();
});

// the worker file is apps/web/mock-public/mockServiceWorker.js (Storybook's staticDirs)
const startWorker = async () => {
  const worker = setupWorker();
  await worker.start({ quiet: true, onUnhandledFrame: 'bypass' });
  return worker;
};
const startMsw = mswLoader(startWorker);

interface LoadedScreen {
  store: ReturnType<typeof createStore>;
  mockStore: MockStore;
  queryClient: ReturnType<typeof createTestQueryClient>;
  identity: ReturnType<typeof mockIdentityLoader>;
  location: ReturnType<typeof memoryLocation>;
}

async function loadScreen(context: StoryContext): Promise<{ screen: LoadedScreen }> {
  await startMsw(context);
  const {
    route = '/',
    persona = 'visitor',
    scenario = 'normal',
    handlers = [],
    seed,
    identityFails,
    codeFails,
  } = context.parameters.screen ?? {};
  const mockStore = scenario === 'empty' ? emptyData(createMockStore()) : createMockStore();
  seed?.(mockStore);
  // msw.use puts handlers first: the story's answer before the scenario's, before the mocks'; only the API
  context.msw.use(...createHandlers(mockStore));
  context.msw.use(...scenarioHandlers[scenario]);
  context.msw.use(...handlers);
  context.msw.use(onlyTheApi);

  const identity = createMockIdentity(mockStore);
  if (identityFails) identity.failNext(identityFails);
  if (codeFails) identity.failNextCode(codeFails);

  // a story never inherits the previous one's session or theme choice (both live in localStorage)
  localStorage.clear();
  const store = createStore();
  store.set(sessionAtom, persona === 'visitor' ? null : sessionFor(demoAccounts[persona]));
  store.set(themeChoiceAtom, context.globals.theme === 'dark' ? 'dark' : 'light');
  return {
    screen: {
      store,
      mockStore,
      queryClient: createTestQueryClient(),
      identity: mockIdentityLoader(identity),
      location: memoryLocation({ path: route, record: true }),
    },
  };
}

/** What the loader made for the story: its mock store (what a screen sent) and its location (where it went). */
export const loadedScreen = ({ loaded }: { loaded: unknown }) => (loaded as { screen: LoadedScreen }).screen;

function renderScreen(_args: unknown, context: StoryContext) {
  const { store, queryClient, identity, location } = loadedScreen(context);
  return (
    <AppProviders store={store} queryClient={queryClient} identity={identity} location={location}>
      <AppRoutes />
    </AppProviders>
  );
}

/**
 * What a screen's meta spreads in, after its literal `title: 'Screens/...'` (the indexer reads the title
 * statically): the loader and render of the whole app, and the scene its stories change.
 */
export function screenMeta(scene: ScreenScene) {
  return {
    loaders: [loadScreen],
    render: renderScreen,
    parameters: {
      layout: 'fullscreen',
      screen: scene,
      // react-aria's off-screen live region keeps a pending button's announcement for seconds, labelled by
      // the button; once the button is gone (its dialog closed, the page changed, the story ended) axe sees
      // an image without a name there
      a11y: { context: { exclude: ['[data-live-announcer]'] } },
    },
  } satisfies Meta;
}

/** A phone-sized viewport (Storybook's "Large mobile", 414 px wide): the test run sets the browser to it. */
export const mobile = { viewport: { value: 'mobile2', isRotated: false } };

const phone375 = {
  options: {
    phone375: { name: 'Phone (375 px)', styles: { width: '375px', height: '667px' }, type: 'mobile' },
  },
};

/** The story on a 375 px phone (the e2e journeys' narrow width, which Storybook's own viewports lack). */
export function at375<S extends ScreenStory>(story: S): S {
  return {
    ...story,
    globals: { ...story.globals, viewport: { value: 'phone375', isRotated: false } },
    parameters: { ...story.parameters, viewport: phone375 },
  };
}

/** The whole page: dialogs and toasts render in portals outside the story's canvas. */
export const page = () => within(document.body);

type ScreenStory = StoryObj<ReturnType<typeof screenMeta>>;

/**
 * A toast (or any message) that is announced: politely as a status, or at once as an alert. The same words may
 * also stand on the page (a payment's confirmation keeps them beside its transaction id).
 */
export async function findAnnounced(text: string | RegExp, role: 'status' | 'alert' = 'status') {
  let announced: HTMLElement | undefined;
  await waitFor(() => {
    announced = page()
      .getAllByText(text)
      .find((message) => message.closest(`[role="${role}"]`));
    expect(announced, `"${String(text)}" in a ${role} region`).toBeDefined();
  });
  return announced!;
}

/** Books a phone from its card's Book button: the modal opens with the price, and its button confirms it. */
export async function bookFromModal(phone: { title: string; resale_price: number }) {
  await userEvent.click(await page().findByRole('button', { name: `Book ${phone.title}` }));
  const dialog = within(await page().findByRole('dialog', { name: phone.title }));
  await expect(dialog.getByText('Price', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
    `$${phone.resale_price}`,
  );
  // the first question has focus at once
  await waitFor(() => expect(dialog.getByLabelText('Phone')).toHaveFocus());
  await userEvent.type(dialog.getByLabelText('Phone'), '+880 1700 000000');
  await userEvent.type(dialog.getByLabelText('Meeting location'), 'Banani');
  await userEvent.click(dialog.getByRole('button', { name: 'Book to meet the seller' }));
  await findAnnounced('Booking Confirmed');
  await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
}

/** On a phone the dashboard's menu is a drawer that the navbar's menu button opens. */
export function dashboardMenuOnMobile(link: string): ScreenStory {
  return {
    globals: mobile,
    play: async () => {
      await userEvent.click(await page().findByRole('button', { name: 'Open menu' }));
      const drawer = within(await page().findByRole('dialog', { name: 'Dashboard' }));
      const menu = within(drawer.getByRole('navigation', { name: 'Dashboard' }));
      // the drawer slides in: visible once its entry animation is over
      await waitFor(() => expect(menu.getByRole('link', { name: link })).toBeVisible());
    },
  };
}

/** Every API call hangs: the screen shows its loading region (`Loading <label>`, marked busy). */
export function loadingState(text: string): ScreenStory {
  return {
    parameters: { screen: { scenario: 'loading' } },
    play: async () => {
      const loading = await page().findByText(text);
      await expect(loading.closest('[aria-busy="true"]')).not.toBeNull();
    },
  };
}

/** No data: the screen says so in its own words. */
export function emptyState(text: string): ScreenStory {
  return {
    parameters: { screen: { scenario: 'empty' } },
    play: async () => {
      await expect(await page().findByText(text)).toBeVisible();
    },
  };
}

/**
 * Every API call fails with a 500: the screen shows the failure (a list's alert, or the failure page), with Try
 * again.
 */
export function errorState(heading: string | RegExp): ScreenStory {
  return {
    parameters: { screen: { scenario: 'error' } },
    play: async () => {
      await expect(await page().findByRole('heading', { name: heading })).toBeVisible();
      // a list's heading is there before its query has failed: wait for the failure
      await expect(
        (await page().findAllByText(SERVER_ERROR.message, { exact: false })).length,
      ).toBeGreaterThan(0);
      await expect(page().getAllByRole('button', { name: 'Try again' })[0]).toBeVisible();
    },
  };
}
