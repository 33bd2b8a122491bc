// Continue with Google on Login and Register, over the mocked identity: where it lands,
// the role Register chose, the redirect's return, and every failure of the spec's catalogue in words under a
// form that stays usable.
import { demoAccounts } from '@recell/api/fixtures';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findAlert, findStatus } from '../../testing/alerts';
import { renderApp } from '../../testing/render-app';
import { mockGoogleAccount } from '../../mock-mode/mock-identity';
import { sessionAtom } from './atoms';
import { googleReturn, prefersRedirect } from './google-return';
import { IdentityError } from './identity';
import { identityErrorMessage } from './identity-errors';

const google = () => screen.findByRole('button', { name: 'Continue with Google' });

afterEach(() => sessionStorage.clear());

describe('Continue with Google', () => {
  it('on Login: a first sign-in is a buyer, back where they were going', async () => {
    const { user, store, mockStore, currentPath } = renderApp('/login?from=%2Fdashboard%2Fwishlist');
    await user.click(await google());
    expect(await screen.findByRole('heading', { name: 'Cart' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard/wishlist');
    expect(store.get(sessionAtom)).toMatchObject({ role: 'buyer', user: { email: mockGoogleAccount.email } });
    expect(mockStore.users.filter((u) => u.email === mockGoogleAccount.email)).toEqual([
      expect.objectContaining({ role: 'buyer', name: mockGoogleAccount.name }),
    ]);
  });

  it('on Register: a new account gets the role chosen, with the name Google gave', async () => {
    const { user, store, mockStore, currentPath } = renderApp('/register');
    await user.click(await screen.findByRole('radio', { name: /seller/ }));
    await user.click(await google());
    await findStatus('User Created Successfully.');
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(mockStore.users.find((u) => u.email === mockGoogleAccount.email)).toMatchObject({
      name: mockGoogleAccount.name,
      role: 'seller',
    });
    expect(store.get(sessionAtom)).toMatchObject({ role: 'seller' });
  });

  it('a closed popup says so under the form, which then signs in by password', async () => {
    const { user, identity, currentPath } = renderApp('/login');
    identity.failNext('popup-closed-by-user');
    await user.click(await google());
    await findAlert('The sign-in window was closed before signing in finished.');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await user.type(screen.getByLabelText('Email'), demoAccounts.buyer.email);
    await user.type(screen.getByLabelText('Password'), demoAccounts.buyer.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(screen.queryByText(/closed before signing in/)).not.toBeInTheDocument();
  });

  it('finishes a redirect that comes back to the page, once, and goes where it was going', async () => {
    googleReturn.save({ returnTo: '/dashboard/wishlist' });
    const finish = vi.fn();
    const { store, currentPath } = renderApp('/login', {
      before: ({ identity }) => {
        identity.googleRedirectResult = async () => {
          finish();
          return { ...(await identity.signInWithGoogle({ redirect: true }))!, isNewUser: false };
        };
      },
    });
    await waitFor(() => expect(currentPath()).toBe('/dashboard/wishlist'));
    expect(store.get(sessionAtom)).toMatchObject({ user: { email: mockGoogleAccount.email } });
    expect(finish).toHaveBeenCalledTimes(1);
    expect(googleReturn.take()).toBeNull();
  });

  it('waits on a return from Google, and gives the form back when it brought no sign-in (they came back)', async () => {
    googleReturn.save({ returnTo: '/dashboard/wishlist' });
    let answer: (value: null) => void = () => undefined;
    const { currentPath } = renderApp('/login', {
      before: ({ identity }) => {
        identity.googleRedirectResult = () => new Promise((resolve) => (answer = resolve));
      },
    });
    const button = await google();
    expect(button).toHaveAttribute('data-pending', 'true');
    answer(null);
    await waitFor(() => expect(button).not.toHaveAttribute('data-pending'));
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(currentPath()).toBe('/login');
  });

  it('asks the identity service nothing on a page load that is no return from Google', async () => {
    const { identity } = renderApp('/login');
    const asked = vi.spyOn(identity, 'googleRedirectResult');
    await google();
    expect(asked).not.toHaveBeenCalled();
  });

  it('a failed redirect return shows its words under the form', async () => {
    googleReturn.save({ returnTo: '/' });
    renderApp('/login', {
      before: ({ identity }) => {
        identity.googleRedirectResult = () =>
          Promise.reject(new IdentityError('auth/network-request-failed'));
      },
    });
    await findAlert('Could not reach the sign-in service. Check your connection and try again.');
  });
});

describe('the popup or the redirect', () => {
  it('goes by redirect on a phone, by popup elsewhere', () => {
    expect(prefersRedirect('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe(true);
    expect(prefersRedirect('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(prefersRedirect('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36')).toBe(false);
  });

  it('keeps only a readable return (a role other than buyer or seller is dropped)', () => {
    sessionStorage.setItem('recell.google-return', '{"returnTo":"/x","role":"admin"}');
    expect(googleReturn.take()).toEqual({ returnTo: '/x' });
    sessionStorage.setItem('recell.google-return', 'not json');
    expect(googleReturn.take()).toBeNull();
  });
});

// spec §8's identity service codes, and the ones Google adds
const catalogue = [
  'internal-error',
  'popup-blocked',
  'popup-closed-by-user',
  'cancelled-popup-request',
  'web-storage-unsupported',
  'network-request-failed',
  'unauthorized-domain',
  'invalid-api-key',
  'argument-error',
  'auth-domain-config-required',
  'invalid-auth-event',
  'no-auth-event',
  'account-exists-with-different-credential',
  'operation-not-allowed',
  'google-unreachable',
];

describe('the error catalogue', () => {
  it.each(catalogue)('auth/%s is a sentence, never the raw code', (code) => {
    const message = identityErrorMessage(
      new IdentityError(`auth/${code}`, `Firebase: Error (auth/${code}).`),
    );
    expect(message).not.toContain(code);
    expect(message).not.toContain('Firebase');
    expect(message).toMatch(/^[A-Z].*\.$/);
  });

  it.each(['popup-blocked', 'cancelled-popup-request', 'unauthorized-domain'])(
    'auth/%s from Continue with Google shows under the form',
    async (code) => {
      const { user, identity } = renderApp('/register');
      identity.failNext(code);
      await user.click(await google());
      await findAlert(identityErrorMessage(new IdentityError(`auth/${code}`)));
    },
  );
});
