import '@recell/ui/theme';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/shell/providers';
import { AppRoutes } from './app/shell/AppRoutes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

async function main(container: HTMLElement) {
  // QA's mocked build only (`vite --mode mock`). Vite replaces MODE with a constant, so in any other build the
  // branch is dead and the import (MSW, the mocked identity, the QA panel) is dropped from the output.
  const mock =
    import.meta.env.MODE === 'mock' ? await import('./mock-mode').then((mode) => mode.startMockMode()) : null;
  const reactRoot = createRoot(container);
  // as a transition, the first render yields to the browser every few milliseconds instead of holding the main
  // thread for one long task (on a slow phone that task was most of the page's blocking time: issue 12)
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <AppProviders {...(mock ? { identity: mock.identity } : {})}>
          <AppRoutes />
          {mock?.panel}
        </AppProviders>
      </StrictMode>,
    ),
  );
}

void main(root);
