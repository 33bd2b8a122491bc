// The identity service's settings. The defaults are the embedded ones: the Auth emulator and a demo project,
// which need no account and no internet.
export interface FirebaseConfig {
  apiKey: string;
  projectId: string;
  authDomain: string;
  /** The Auth emulator's URL, or null to use Firebase itself. */
  emulatorUrl: string | null;
}

export function firebaseConfig(env: Record<string, string | undefined> = import.meta.env): FirebaseConfig {
  const projectId = env.VITE_FIREBASE_PROJECT_ID || 'demo-recell';
  const emulator = env.VITE_FIREBASE_AUTH_EMULATOR ?? 'http://127.0.0.1:9099';
  return {
    apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
    projectId,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    emulatorUrl: emulator === '' || emulator === 'off' ? null : emulator,
  };
}
