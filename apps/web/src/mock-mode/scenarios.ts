// What the mocked QA build answers with, per scenario: the contract's mocks over the session's store, slowed
// down, replaced by server errors, or over the same accounts with every list empty. The seed pictures are served
// here too (the real server serves them from disk), whatever the scenario.
import {
  createHandlers,
  emptyView,
  notTheApi,
  serverError,
  slow,
  streamDown,
  type MockStore,
} from '@recell/api/mocks';
import { http, HttpResponse, type RequestHandler } from 'msw';

export const scenarios = [
  { id: 'normal', label: 'Normal' },
  { id: 'slow', label: 'Slow network' },
  { id: 'errors', label: 'Server errors' },
  { id: 'empty', label: 'Empty data' },
  { id: 'offline', label: 'Live updates down' },
] as const;

export type Scenario = (typeof scenarios)[number]['id'];

export const isScenario = (value: unknown): value is Scenario =>
  scenarios.some((scenario) => scenario.id === value);

/** How long every API call takes in the slow-network scenario. */
export const SLOW_NETWORK_MS = 1500;

const pictures = import.meta.glob<string>('../../../../packages/api/src/fixtures/pictures/*.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const pictureByName = new Map(
  Object.entries(pictures).map(([path, svg]) => [path.slice(path.lastIndexOf('/') + 1), svg]),
);

const seedPictures = http.get('*/uploads/seed/:name', ({ params }) => {
  const svg = pictureByName.get(String(params.name));
  return svg
    ? new HttpResponse(svg, { headers: { 'content-type': 'image/svg+xml' } })
    : new HttpResponse(null, { status: 404 });
});

export function scenarioHandlers(
  scenario: Scenario,
  store: MockStore,
  { slowMs = SLOW_NETWORK_MS }: { slowMs?: number } = {},
): RequestHandler[] {
  switch (scenario) {
    case 'slow':
      // waits, then falls through to the mocks
      return [seedPictures, notTheApi, slow(slowMs), ...createHandlers(store)];
    case 'errors':
      return [seedPictures, notTheApi, serverError()];
    case 'offline':
      // the stream is refused: threads say "Reconnecting..." and poll every 15 s
      return [seedPictures, notTheApi, streamDown(), ...createHandlers(store)];
    case 'empty':
      return [seedPictures, ...createHandlers(emptyView(store))];
    case 'normal':
      return [seedPictures, ...createHandlers(store)];
  }
}
