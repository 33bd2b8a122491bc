// The answer a signed-in list page's head started is taken by the app's first call for it, and by nothing else.
import { createApiClient } from '@recell/api';
import { FIRST_ANSWER_GLOBAL } from '@recell/api/pages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_ORIGIN } from '../testing/render-app';
import { FIRST_ANSWER_MS, firstAnswer, type FirstAnswer } from './first-answer';

const URL_ASKED = '/api/mobiles/02?sort=newest&page=1&pageSize=20';
const holder = globalThis as { [FIRST_ANSWER_GLOBAL]?: FirstAnswer };
const answered = (status: number, body: object) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

/** The app's client with the token `token`, whose network answers `fromNetwork` and counts the calls. */
function client(token: string) {
  const network = vi.fn(() => answered(200, { from: 'network' }));
  const api = createApiClient({ baseUrl: `${TEST_ORIGIN}/api`, getToken: () => token, fetch: network });
  api.use(firstAnswer);
  const ask = async (query = { sort: 'newest', page: 1, pageSize: 20 }) =>
    (
      await api.GET('/mobiles/{id}', {
        params: { path: { id: '02' }, query: query as never },
      })
    ).data as unknown;
  return { ask, network };
}

function started(overrides: Partial<FirstAnswer> = {}) {
  holder[FIRST_ANSWER_GLOBAL] = {
    url: URL_ASKED,
    token: 'tok-1',
    at: Date.now(),
    response: answered(200, { from: 'head' }),
    ...overrides,
  };
}

afterEach(() => {
  delete holder[FIRST_ANSWER_GLOBAL];
});

describe("the page head's first answer", () => {
  it('is taken once, by a GET of exactly its URL with exactly its token', async () => {
    started();
    const { ask, network } = client('tok-1');
    expect(await ask()).toEqual({ from: 'head' });
    expect(network).not.toHaveBeenCalled();
    // the next call for the same URL is the network's
    expect(await ask()).toEqual({ from: 'network' });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('is not taken by another URL, another token, a failed answer, or after its moment', async () => {
    started();
    const other = client('tok-1');
    expect(await other.ask({ sort: 'price_asc', page: 1, pageSize: 20 })).toEqual({ from: 'network' });
    // still there for the call it was started for
    expect(holder[FIRST_ANSWER_GLOBAL]).toBeDefined();

    started();
    expect(await client('tok-2').ask()).toEqual({ from: 'network' });
    expect(holder[FIRST_ANSWER_GLOBAL]).toBeUndefined();

    started({ response: answered(401, { message: 'Please sign in again' }) });
    expect(await client('tok-1').ask()).toEqual({ from: 'network' });

    started({ response: Promise.reject(new TypeError('Failed to fetch')) });
    expect(await client('tok-1').ask()).toEqual({ from: 'network' });

    started({ at: Date.now() - FIRST_ANSWER_MS - 1 });
    expect(await client('tok-1').ask()).toEqual({ from: 'network' });
    expect(holder[FIRST_ANSWER_GLOBAL]).toBeUndefined();
  });
});
