// One MSW server for the whole test run; each renderApp gives it a fresh mock store.
import { createHandlers, createMockStore, type MockStore } from '@recell/api/mocks';
import { setupServer } from 'msw/node';

export const server = setupServer();

export function freshMockStore(): MockStore {
  const store = createMockStore();
  server.resetHandlers(...createHandlers(store));
  return store;
}
