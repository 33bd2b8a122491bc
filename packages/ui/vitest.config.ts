import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { seedPictures } from './src/testing/seed-pictures-plugin.ts';

const configDir = fileURLToPath(new URL('../../.storybook', import.meta.url));

// Debian's Chromium: Playwright never downloads a browser here.
const chromium = playwright({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  },
});

// a fresh object per project: vitest writes each project's name into its instances
const browser = () => ({
  enabled: true,
  headless: true,
  provider: chromium,
  instances: [{ browser: 'chromium' as const }],
  viewport: { width: 1024, height: 768 },
});

/** Every story of this package is a test (render, play function, axe), once per theme. */
function storiesIn(theme: 'light' | 'dark'): TestProjectInlineConfiguration {
  return {
    extends: true,
    plugins: [storybookTest({ configDir, initialGlobals: { theme } })],
    test: {
      name: `stories-${theme}`,
      // the one Storybook also holds the web app's stories; that workspace tests its own
      exclude: ['apps/**', '**/node_modules/**'],
      browser: browser(),
    },
  };
}

export default defineConfig({
  // known up front, so a fresh clone's first run does not reload the browser mid-test to optimise them
  optimizeDeps: {
    include: [
      '@vanilla-extract/recipes/createRuntimeFn',
      '@vanilla-extract/sprinkles/createRuntimeSprinkles',
      'react-aria-components',
      'lucide-react',
      'react',
      'react-dom/client',
      'react/jsx-dev-runtime',
      '@storybook/react-vite',
    ],
  },
  test: {
    // the JSON report feeds the one-line total that `npm test` prints at the end
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      { extends: true, test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts'] } },
      storiesIn('light'),
      storiesIn('dark'),
      {
        extends: true,
        plugins: [react(), vanillaExtractPlugin(), seedPictures()],
        test: {
          name: 'screenshots',
          include: ['src/**/*.browser.test.tsx'],
          setupFiles: ['src/testing/screenshot-setup.ts'],
          browser: browser(),
          // page.screenshot writes files
          api: { allowWrite: true },
        },
      },
    ],
  },
});
