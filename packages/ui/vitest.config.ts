import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';
import { designSystemDeps } from '../../.storybook/optimize-deps.ts';
import { browser, storiesIn } from '../../.storybook/vitest-browser.ts';
import { seedPictures } from './src/testing/seed-pictures-plugin.ts';

// the one Storybook also holds the web app's stories; that workspace tests its own
const notWeb = { exclude: ['apps/**'] };

export default defineConfig({
  optimizeDeps: { include: designSystemDeps },
  test: {
    // the JSON report feeds the one-line total that `npm test` prints at the end
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      { extends: true, test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts'] } },
      storiesIn('light', notWeb),
      storiesIn('dark', notWeb),
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
