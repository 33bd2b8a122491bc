import '@recell/ui/theme';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { routeAt, type Access } from './app/routes';
import { THEME_STORAGE_KEY } from './app/shell/theme';
import { APP_STARTED_ATTRIBUTE, FIRST_ANSWER_GLOBAL, SIGNED_IN_FRAME_ATTRIBUTE } from '@recell/api/pages';
import type { QueryClient } from '@tanstack/react-query';
import { answeredQueryClient } from './app/answered';
import { SESSION_STORAGE_KEY } from './features/auth/atoms';

// the routes whose frame is drawn for a visitor (the build's, or a listing's by the server)
const ADOPTS = new Set<Access>(['public', 'session-checked']);

/** Whether this browser keeps the system's theme, as every frame is drawn. */
function systemTheme(): boolean {
  try {
    const theme = localStorage.getItem(THEME_STORAGE_KEY);
    return theme === null || theme === '"system"';
  } catch {
    return false;
  }
}

/**
 * Whether this render draws what the frame drew: a visitor (no session kept) in the system's theme. Anyone else's
 * page differs in the navbar or the theme toggle, and React would not patch a differing attribute it adopts.
 */
function drawnAsFrame(): boolean {
  try {
    return localStorage.getItem(SESSION_STORAGE_KEY) === null && systemTheme();
  } catch {
    return false;
  }
}

/**
 * A signed-in list page whose drawn frame the head's script put in #root (the server drew it for this session
 * from the page's first answer: apps/server/src/modules/seo/shell.ts): the same answer in the cache, so the first
 * render draws that frame and adopts it. None when there is no such frame or it was drawn in another theme.
 */
async function signedInFrameCache(container: HTMLElement): Promise<QueryClient | undefined> {
  const first = (globalThis as { [FIRST_ANSWER_GLOBAL]?: { data?: unknown } })[FIRST_ANSWER_GLOBAL];
  if (!container.hasAttribute(SIGNED_IN_FRAME_ATTRIBUTE) || first?.data === undefined || !systemTheme())
    return undefined;
  return answeredQueryClient(location.pathname, location.search.slice(1), first.data).catch(() => undefined);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

async function main(container: HTMLElement) {
  // QA's mocked build only (`vite --mode mock`). Vite replaces MODE with a constant, so in any other build the
  // branch is dead and the import (MSW, the mocked identity, the QA panel) is dropped from the output.
  const mock =
    import.meta.env.MODE === 'mock' ? await import('./mock-mode').then((mode) => mode.startMockMode()) : null;
  // the first page's screen is already on its way (a modulepreload in the HTML): wait for it, so the first render
  // shows it instead of a fallback that React would hold for 300 ms; a failure is the router's to show
  const route = routeAt(location.pathname);
  await route?.screen.preload().catch(() => undefined);
  // from here #root is React's: the head's script no longer puts a signed-in page's drawn frame in it
  container.setAttribute(APP_STARTED_ATTRIBUTE, '');
  const answered = await signedInFrameCache(container);
  const app = (
    <App {...(mock ? { identity: mock.identity } : {})} {...(answered ? { queryClient: answered } : {})}>
      {mock?.panel}
    </App>
  );
  if (answered) {
    // adopted, not drawn again: the list that painted stays painted, and no second layout of it
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  // On a public page #root holds its frame (app/frame.tsx: the build's, or a listing's drawn by the server), the
  // same tree as this render draws for a visitor: for one, React adopts those elements instead of replacing
  // them, so what has painted stays painted (a replaced picture was painted a second time, and counted as the
  // page's largest paint then).
  if (
    container.firstElementChild &&
    route?.access !== undefined &&
    ADOPTS.has(route.access) &&
    drawnAsFrame()
  ) {
    // in a transition too: the hydration yields to the browser every few milliseconds
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  // a signed-in page's session frame, or a page this person sees otherwise, is replaced
  const reactRoot = createRoot(container);
  // as a transition, the first render yields to the browser every few milliseconds instead of holding the main
  // thread for one long task (on a slow phone that task was most of the page's blocking time)
  startTransition(() => reactRoot.render(app));
}

void main(root);
