import { demoAccounts } from '@recell/api/fixtures';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, sessionFor } from '../../testing/render-app';
import { sessionAtom } from './atoms';

const { buyer } = demoAccounts;
const expired = () => ({ ...sessionFor(buyer), expiresAt: Date.now() - 1000 });

describe('session renewal', () => {
  it('shows the guard spinner while an expired token is renewed, then the screen', async () => {
    const { store } = renderApp('/dashboard', {
      as: buyer,
      before: ({ identity: id, store: jotai }) => {
        jotai.set(sessionAtom, expired());
        void id.signIn(buyer.email, buyer.password);
      },
    });
    expect(screen.getByRole('progressbar', { name: 'Checking your sign-in' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(store.get(sessionAtom)!.expiresAt).toBeGreaterThan(Date.now());
  });

  it('signs out and goes to /login when the identity service no longer knows the user', async () => {
    const { store, currentPath } = renderApp('/dashboard', {
      as: buyer,
      before: ({ store: jotai }) => jotai.set(sessionAtom, expired()),
    });
    await screen.findByRole('heading', { name: 'Login' });
    expect(currentPath()).toBe('/login?from=%2Fdashboard');
    await waitFor(() => expect(store.get(sessionAtom)).toBeNull());
  });
});
