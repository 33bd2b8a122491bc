import '@recell/ui/theme';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { routeAt } from './app/routes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

async function main(container: HTMLElement) {
  // QA's mocked build only (`vite --mode mock`). Vite replaces MODE with a constant, so in any other build the
  // branch is dead and the import (MSW, the mocked identity, the QA panel) is dropped from the output.
  const mock =
    import.meta.env.MODE === 'mock' ? await import('./mock-mode').then((mode) => mode.startMockMode()) : null;
  // the first page's screen is already on its way (a modulepreload in the HTML): wait for it, so the first render
  // shows it instead of a fallback that React would hold for 300 ms (issue 12); a failure is the router's to show
  await routeAt(location.pathname)
    ?.screen.preload()
    .catch(() => undefined);
  // on a public page #root holds the build's static first frame (app/frame.tsx), the same tree as drawn for a
  // visitor: React's first commit replaces it (a fresh render, not a hydration), box for box
  const reactRoot = createRoot(container);
  // as a transition, the first render yields to the browser every few milliseconds instead of holding the main
  // thread for one long task (on a slow phone that task was most of the page's blocking time: issue 12)
  startTransition(() =>
    reactRoot.render(<App {...(mock ? { identity: mock.identity } : {})}>{mock?.panel}</App>),
  );
}

void main(root);
