// The demo-mode marker shows exactly when the app signs in on the Firebase Auth emulator.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityContext, loadFirebaseIdentity } from '../features/auth/identity-loader';
import { createMockIdentity, mockIdentityLoader } from '../mock-mode/mock-identity';
import { renderApp } from '../testing/render-app';
import { freshMockStore } from '../testing/server';
import { DemoModeNote } from './shell/DemoModeNote';

afterEach(() => vi.unstubAllEnvs());

const withIdentity = (loader: typeof loadFirebaseIdentity) =>
  render(
    <IdentityContext.Provider value={loader}>
      <DemoModeNote />
    </IdentityContext.Provider>,
  );

describe('the demo-mode marker', () => {
  it('shows when the build signs in on the Auth emulator', () => {
    vi.stubEnv('VITE_FIREBASE_AUTH_EMULATOR', 'http://127.0.0.1:9099');
    withIdentity(loadFirebaseIdentity);
    expect(screen.getByRole('note', { name: 'Demo mode' })).toHaveTextContent(/^Demo mode/);
  });

  it('is absent on a real Firebase project', () => {
    vi.stubEnv('VITE_FIREBASE_AUTH_EMULATOR', 'off');
    withIdentity(loadFirebaseIdentity);
    expect(screen.queryByRole('note', { name: 'Demo mode' })).toBeNull();
  });

  it('is absent with a mocked identity (stories, tests, the QA build)', async () => {
    vi.stubEnv('VITE_FIREBASE_AUTH_EMULATOR', 'http://127.0.0.1:9099');
    withIdentity(mockIdentityLoader(createMockIdentity(freshMockStore())));
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About ReCell' })).toBeVisible();
    expect(screen.queryByRole('note', { name: 'Demo mode' })).toBeNull();
  });
});
