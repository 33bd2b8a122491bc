// The identity service's settings. The defaults are the embedded ones: the Auth emulator and a demo project,
// which need no account and no internet.
import { AUTH_EMULATOR_META } from '@recell/api/pages';

export interface FirebaseConfig {
  apiKey: string;
  projectId: string;
  authDomain: string;
  /** The Auth emulator's URL, or null to use Firebase itself. */
  emulatorUrl: string | null;
}

/**
 * The emulator a demo-mode server named in the page (AUTH_EMULATOR_META): a build made without
 * VITE_FIREBASE_AUTH_EMULATOR works with whichever port the run's emulator got.
 */
function servedEmulator(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>(`meta[name="${AUTH_EMULATOR_META}"]`)?.content || undefined;
}

export function firebaseConfig(env: Record<string, string | undefined> = import.meta.env): FirebaseConfig {
  const projectId = env.VITE_FIREBASE_PROJECT_ID || 'demo-recell';
  const emulator = env.VITE_FIREBASE_AUTH_EMULATOR ?? servedEmulator() ?? 'http://127.0.0.1:9099';
  return {
    apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
    projectId,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    emulatorUrl: emulator === '' || emulator === 'off' ? null : emulator,
  };
}
