import '@recell/ui/theme';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { routeAt, type Access } from './app/routes';
import { THEME_STORAGE_KEY } from './app/shell/theme';
import { SESSION_STORAGE_KEY } from './features/auth/atoms';

// the routes whose frame is drawn for a visitor (the build's, or a listing's by the server)
const ADOPTS = new Set<Access>(['public', 'session-checked']);

/**
 * Whether this render draws what the frame drew: a visitor (no session kept) in the system's theme. Anyone else's
 * page differs in the navbar or the theme toggle, and React would not patch a differing attribute it adopts.
 */
function drawnAsFrame(): boolean {
  try {
    const theme = localStorage.getItem(THEME_STORAGE_KEY);
    return localStorage.getItem(SESSION_STORAGE_KEY) === null && (theme === null || theme === '"system"');
  } catch {
    return false;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

async function main(container: HTMLElement) {
  // QA's mocked build only (`vite --mode mock`). Vite replaces MODE with a constant, so in any other build the
  // branch is dead and the import (MSW, the mocked identity, the QA panel) is dropped from the output.
  const mock =
    import.meta.env.MODE === 'mock' ? await import('./mock-mode').then((mode) => mode.startMockMode()) : null;
  // the first page's screen is already on its way (a modulepreload in the HTML): wait for it, so the first render
  // shows it instead of a fallback that React would hold for 300 ms (issue 12); a failure is the router's to show
  const route = routeAt(location.pathname);
  await route?.screen.preload().catch(() => undefined);
  const app = <App {...(mock ? { identity: mock.identity } : {})}>{mock?.panel}</App>;
  // On a public page #root holds its frame (app/frame.tsx: the build's, or a listing's drawn by the server), the
  // same tree as this render draws for a visitor: for one, React adopts those elements instead of replacing
  // them, so what has painted stays painted (a replaced picture was painted a second time, and counted as the
  // page's largest paint then: issue 28).
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
  // thread for one long task (on a slow phone that task was most of the page's blocking time: issue 12)
  startTransition(() => reactRoot.render(app));
}

void main(root);
