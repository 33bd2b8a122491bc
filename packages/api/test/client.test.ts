import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, unwrap } from '../src/client';

const BASE = 'http://client.test/api';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the api client', () => {
  it('sends the current access token, but keeps an Authorization the call set itself', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/blogs`, ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 });
      }),
    );
    let token: string | null = 'first';
    const client = createApiClient({ baseUrl: BASE, getToken: () => token });
    await unwrap(client.GET('/blogs'));
    token = 'second';
    await unwrap(client.GET('/blogs'));
    token = null;
    await unwrap(client.GET('/blogs'));
    await unwrap(client.GET('/blogs', { headers: { authorization: 'Bearer firebase-id-token' } }));
    expect(seen).toEqual(['Bearer first', 'Bearer second', null, 'Bearer firebase-id-token']);
  });

  it("throws an ApiError carrying the server's message and code", async () => {
    server.use(
      http.post(`${BASE}/bookings`, () =>
        HttpResponse.json({ message: 'This phone is sold out', code: 'sold_out' }, { status: 409 }),
      ),
    );
    const error = await createApiClient({ baseUrl: BASE })
      .POST('/bookings', { body: { mobileId: 'm-1' } })
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'This phone is sold out', code: 'sold_out' });
  });

  it('still throws a readable ApiError when the answer is not the contract Error', async () => {
    server.use(
      http.get(
        `${BASE}/advertise`,
        () => new HttpResponse('<html>gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
      ),
    );
    const error = await createApiClient({ baseUrl: BASE })
      .GET('/advertise')
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway' });
  });
});
