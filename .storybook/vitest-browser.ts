// How the workspaces run stories as tests (Storybook's Vitest plugin, in browser mode), shared by
// packages/ui and apps/web so both use the same Chromium, flags and project layout.
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM, CHROMIUM_FLAGS } from '@recell/local/chromium';
import type { TestProjectInlineConfiguration } from 'vitest/config';

export const configDir = fileURLToPath(new URL('.', import.meta.url));

// Debian's Chromium: Playwright never downloads a browser here.
const chromium = playwright({
  launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
});

/** Browser mode in headless Chromium; a fresh object per project (vitest writes each project's name into it). */
export const browser = () => ({
  enabled: true,
  headless: true,
  provider: chromium,
  instances: [{ browser: 'chromium' as const }],
  viewport: { width: 1024, height: 768 },
});

/**
 * Every story under the workspace's root is a test (render, play function, axe with `a11y.test = 'error'`),
 * in one theme. The one Storybook holds every workspace's stories: `exclude` leaves out the others'.
 */
export function storiesIn(
  theme: 'light' | 'dark',
  { exclude = [] }: { exclude?: string[] } = {},
): TestProjectInlineConfiguration {
  return {
    extends: true,
    plugins: [storybookTest({ configDir, initialGlobals: { theme } })],
    test: {
      name: `stories-${theme}`,
      exclude: [...exclude, '**/node_modules/**'],
      browser: browser(),
      setupFiles: [fileURLToPath(new URL('vitest-setup.ts', import.meta.url))],
      // a story's render, play function and axe pass, beside the rest of `npm test` on two cores
      testTimeout: 60_000,
    },
  };
}
