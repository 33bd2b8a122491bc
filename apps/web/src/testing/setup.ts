import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { installMatchMedia, resetMediaQueries } from './media';
import { server } from './server';

installMatchMedia();

// two workers on a busy 2-core machine: give the first render of a lazy screen time to load its modules (4 s
// was once too short with other suites running beside; a wait ends as soon as the screen is there)
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  localStorage.clear();
  resetMediaQueries();
});
afterAll(async () => {
  server.close();
  // react-aria's live announcer makes its first announcement 100 ms late when it is created outside act() (inside
  // a waitFor): a file that ends within those 100 ms would have it run after jsdom is gone ("document is not
  // defined"). Where an announcer was made, let that moment pass while the document still exists.
  if (document.querySelector('[data-live-announcer]')) await new Promise((done) => setTimeout(done, 150));
});
