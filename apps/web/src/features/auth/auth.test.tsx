import { demoAccounts } from '@recell/api/fixtures';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findAlert, findStatus } from '../../testing/alerts';
import { renderApp } from '../../testing/render-app';
import { sessionAtom } from './atoms';

const { buyer, seller } = demoAccounts;

describe('login', () => {
  it('shows the spec messages for a missing email and password', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email Address is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email Address is required');
  });

  it('says a short password must be 6 characters or longer', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), buyer.email);
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Password must be 6 characters or longer')).toBeInTheDocument();
  });

  it('signs in, exchanges the token for the role and returns to the remembered page', async () => {
    const { user, store, currentPath } = renderApp('/login?from=%2Fdashboard%2Fwishlist');
    expect(document.title).toBe('Login | ReCell');
    await user.type(await screen.findByLabelText('Email'), buyer.email);
    await user.type(screen.getByLabelText('Password'), buyer.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Cart' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard/wishlist');
    expect(store.get(sessionAtom)).toMatchObject({ role: 'buyer', user: { email: buyer.email } });
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('goes home after login when there is nowhere to return to, and ignores an off-site return', async () => {
    const { user, currentPath } = renderApp('/login?from=%2F%2Fevil.example');
    await user.type(await screen.findByLabelText('Email'), seller.email);
    await user.type(screen.getByLabelText('Password'), seller.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('shows a wrong password in readable words, in an alert under the form', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), buyer.email);
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await findAlert('The email or password is incorrect.');
  });

  it('translates the identity service codes of §8', async () => {
    const { user, identity } = renderApp('/login');
    identity.failNext('network-request-failed');
    await user.type(await screen.findByLabelText('Email'), buyer.email);
    await user.type(screen.getByLabelText('Password'), buyer.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await findAlert('Could not reach the sign-in service. Check your connection and try again.');
  });
});

describe('sign-up', () => {
  it('shows the spec messages', async () => {
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('Name is Required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('Password must be 6 characters long')).toBeInTheDocument();
  });

  it('creates the account with the chosen role, saves the user record and signs in', async () => {
    const { user, mockStore, store, currentPath } = renderApp('/register');
    await user.type(await screen.findByLabelText('Name'), 'Karim Seller');
    await user.type(screen.getByLabelText('Email'), 'karim@recell.test');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('radio', { name: /seller/ }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await findStatus('User Created Successfully.');
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(mockStore.users.find((u) => u.email === 'karim@recell.test')).toMatchObject({
      name: 'Karim Seller',
      role: 'seller',
    });
    expect(store.get(sessionAtom)).toMatchObject({ role: 'seller', user: { displayName: 'Karim Seller' } });
  });

  it('says so when the email already has an account', async () => {
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Name'), 'Again');
    await user.type(screen.getByLabelText('Email'), buyer.email);
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await findAlert(/^An account with this email already exists/);
  });
});

describe('sign-out', () => {
  it("signs out from the navbar with 'User Logged Out'", async () => {
    const { user, store } = renderApp('/', { as: buyer });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await findStatus('User Logged Out');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(store.get(sessionAtom)).toBeNull();
  });

  it('shows the failure when signing out fails', async () => {
    const { user, identity } = renderApp('/', { as: buyer });
    identity.failNext('network-request-failed');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await findAlert('Firebase: Error (auth/network-request-failed).');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});
