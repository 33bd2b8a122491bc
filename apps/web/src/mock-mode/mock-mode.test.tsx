import { demoAccounts } from '@recell/api/fixtures';
import { createMockStore, mockAccessToken, mockContract, type MockStore } from '@recell/api/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../features/auth/atoms';
import { renderApp, TEST_ORIGIN } from '../testing/render-app';
import { server } from '../testing/server';
import { createMockIdentity, type RememberedUser } from './mock-identity';
import { MockPanel, type MockControls } from './MockPanel';
import { SERVER_ERROR } from '@recell/api/mocks';
import { scenarioHandlers, type Scenario } from './scenarios';
import { openSessionStore } from './session-store';

const { buyer, seller } = demoAccounts;

const api = (path: string, init?: RequestInit) => fetch(`${TEST_ORIGIN}/api${path}`, init);
const asBuyer = { headers: { authorization: `Bearer ${mockAccessToken(buyer)}` } };

describe('the session store (sessionStorage)', () => {
  it('starts from the fixtures, then a new page load gets back what the session did', async () => {
    const storage = sessionStorage;
    storage.clear();
    const first = openSessionStore(storage);
    expect(first.restored).toBe(false);
    expect(first.store.bookings).toEqual(createMockStore().bookings);

    const bookingId = first.store.nextId('b');
    first.store.bookings.push({ ...first.store.bookings[0]!, _id: bookingId, paid: true });
    first.store.passwords.set('new@recell.test', 'new-password');
    first.store.intents.set('pi_1', {
      id: 'pi_1',
      clientSecret: 'pi_1_secret',
      bookingId,
      amount: 100,
      status: 'requires_capture',
    });
    first.store.uploads.set('img-1', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));
    first.save();
    // pictures are written once their bytes are read
    await waitFor(() => expect(storage.getItem('recell.mock.upload.img-1')).not.toBeNull());

    const second = openSessionStore(storage);
    expect(second.restored).toBe(true);
    expect(second.store.bookings.find((booking) => booking._id === bookingId)?.paid).toBe(true);
    expect(second.store.passwords.get('new@recell.test')).toBe('new-password');
    expect(second.store.intents.get('pi_1')?.status).toBe('requires_capture');
    // every Map and Set of the store, not only these two: the IMEIs a held deal's check reads
    for (const [name, field] of Object.entries(first.store)) {
      if (name === 'uploads') continue;
      if (field instanceof Map)
        expect([...(second.store[name as keyof MockStore] as Map<unknown, unknown>)], name).toEqual([
          ...field,
        ]);
      if (field instanceof Set)
        expect([...(second.store[name as keyof MockStore] as Set<unknown>)], name).toEqual([...field]);
    }
    expect(second.store.imeis.size).toBeGreaterThan(0);
    const picture = second.store.uploads.get('img-1');
    expect(picture?.type).toBe('image/png');
    expect([...new Uint8Array(await picture!.arrayBuffer())]).toEqual([137, 80, 78, 71]);
    // ids stay unique across page loads
    expect(second.store.nextId('b')).not.toBe(bookingId);

    second.clear();
    expect(openSessionStore(storage).restored).toBe(false);
  });
});

describe('the mocked identity', () => {
  it('remembers who is signed in across page loads, as Firebase does', async () => {
    let saved: string | null = null;
    const remembered: RememberedUser = { load: () => saved, save: (email) => (saved = email) };
    const store = createMockStore();
    await createMockIdentity(store, remembered).signIn(seller.email, seller.password);
    expect(saved).toBe(seller.email);
    const afterReload = createMockIdentity(store, remembered);
    expect((await afterReload.current())?.user.email).toBe(seller.email);
    await afterReload.signOut();
    expect(saved).toBeNull();
    expect(await createMockIdentity(store, remembered).current()).toBeNull();
  });

  it('keeps the second step of a remembered admin who signed in with it (or every call is refused)', async () => {
    const { admin } = demoAccounts;
    let saved: string | null = admin.email;
    const remembered: RememberedUser = { load: () => saved, save: (email) => (saved = email) };
    const claimsAfterReload = async () => {
      const restored = await createMockIdentity(createMockStore(), remembered).current();
      const payload = restored!.idToken.split('.')[1]!.replaceAll('-', '+').replaceAll('_', '/');
      return JSON.parse(atob(payload)) as object;
    };
    expect(await claimsAfterReload()).toMatchObject({ email: admin.email, second_factor: true });
    saved = seller.email;
    expect(await claimsAfterReload()).toMatchObject({ email: seller.email, second_factor: false });
  });
});

describe('scenarios', () => {
  const use = (scenario: Scenario, options?: { slowMs?: number }) =>
    server.resetHandlers(...scenarioHandlers(scenario, createMockStore(), options));

  it('normal: the mocks over the store, and the seed pictures', async () => {
    use('normal');
    const blogs = await (await api('/blogs')).json();
    expect(blogs.items.length).toBeGreaterThan(0);
    const picture = await fetch(`${TEST_ORIGIN}/uploads/seed/m-samsung-a54.svg`);
    expect(picture.headers.get('content-type')).toBe('image/svg+xml');
    expect(await picture.text()).toContain('<svg');
    expect((await fetch(`${TEST_ORIGIN}/uploads/seed/nothing.svg`)).status).toBe(404);
  });

  it('slow network: every call waits, then answers as normal', async () => {
    use('slow', { slowMs: 300 });
    const started = performance.now();
    const response = await api('/blogs');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(response.status).toBe(200);
  });

  it("server errors: every call answers 500 in the contract's Error shape", async () => {
    use('errors');
    // the contract declares no 500s; its 4xx answers are the same Error schema
    const contract = mockContract();
    const operation = contract.findOperation('GET', '/api/blogs')!.operation;
    for (const response of [
      await api('/blogs'),
      await api('/bookings?email=x', asBuyer),
      await api('/wishlist', { method: 'POST', body: '{}' }),
    ]) {
      expect(response.status).toBe(500);
      const body: unknown = await response.json();
      expect(body).toEqual(SERVER_ERROR);
      expect(contract.validateResponse(operation, 400, body)).toEqual([]);
      expect(contract.validateResponse(operation, 400, { ...SERVER_ERROR, extra: 1 })).not.toEqual([]);
    }
  });

  it('empty data: lists are empty, the accounts still work', async () => {
    use('empty');
    expect((await (await api('/blogs')).json()).items).toEqual([]);
    expect((await (await api('/advertise')).json()).items).toEqual([]);
    const bookings = await api(`/bookings?email=${encodeURIComponent(buyer.email)}`, asBuyer);
    expect(bookings.status).toBe(200);
    expect((await bookings.json()).items).toEqual([]);
  });
});

describe('the QA panel', () => {
  const controls = (): MockControls & { calls: Scenario[] } => {
    const calls: Scenario[] = [];
    return {
      scenario: 'normal',
      calls,
      setScenario: (scenario) => void calls.push(scenario),
      reset: vi.fn(),
    };
  };

  it('opens from one button and signs in as the chosen persona, then out as a visitor', async () => {
    const { user, store } = renderApp('/', { beside: <MockPanel controls={controls()} /> });
    const panel = screen.getByRole('complementary', { name: 'QA mock mode' });
    const toggle = within(panel).getByRole('button', { name: 'QA mock: visitor · Normal' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(within(panel).getByRole('button', { name: /Persona/ }));
    await user.click(await screen.findByRole('option', { name: `Seller (${seller.email})` }));
    await waitFor(() => expect(store.get(sessionAtom)).toMatchObject({ role: 'seller' }));
    expect(await within(panel).findByText(`Signed in as: ${seller.email}`, { exact: false })).toBeVisible();
    expect(within(panel).getByRole('button', { name: /^QA mock: seller/ })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: /Persona/ }));
    await user.click(await screen.findByRole('option', { name: 'Visitor (signed out)' }));
    await waitFor(() => expect(store.get(sessionAtom)).toBeNull());
  });

  it('switches the scenario and resets', async () => {
    const qa = controls();
    const { user } = renderApp('/', { beside: <MockPanel controls={qa} /> });
    const panel = screen.getByRole('complementary', { name: 'QA mock mode' });
    await user.click(within(panel).getByRole('button', { name: /^QA mock:/ }));
    await user.click(within(panel).getByRole('button', { name: /Scenario/ }));
    await user.click(await screen.findByRole('option', { name: 'Server errors' }));
    expect(qa.calls).toEqual(['errors']);
    expect(
      within(panel).getByRole('button', { name: 'QA mock: visitor · Server errors' }),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Reset mock data' }));
    expect(qa.reset).toHaveBeenCalledOnce();
  });
});
