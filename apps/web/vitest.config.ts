import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { webAppDeps } from '../../.storybook/optimize-deps.ts';
import { storiesIn } from '../../.storybook/vitest-browser.ts';

// the one Storybook also holds the design system's stories; packages/ui tests those
const onlyScreens = { exclude: ['**/packages/**'] };

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  optimizeDeps: { include: webAppDeps },
  test: {
    // the JSON report feeds the one-line total that `npm test` prints at the end
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // the page's origin is the API's, as in the browser (XHR uploads would otherwise be cross-origin)
          environmentOptions: { jsdom: { url: 'http://recell.test/' } },
          setupFiles: ['src/testing/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
          // a screen's whole flow in jsdom (render, user-event typing, the mocked API): beside the rest of
          // `npm test` on two cores, or two CPU hogs, 15 s was not enough for the longest ones
          testTimeout: 60_000,
        },
      },
      // every screen story, in each theme
      storiesIn('light', onlyScreens),
      storiesIn('dark', onlyScreens),
    ],
  },
});
