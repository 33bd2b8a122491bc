import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { installMatchMedia, resetMediaQueries } from './media';
import { server } from './server';

installMatchMedia();

// two workers on a busy CI machine: give the first render of a screen time to load its modules
configure({ asyncUtilTimeout: 4000 });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  localStorage.clear();
  resetMediaQueries();
});
afterAll(() => server.close());
