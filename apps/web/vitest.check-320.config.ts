// The 320 px layout check (scripts/check-320.test.ts): node, a real browser, one page at a time.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['scripts/check-320.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // its own report beside vitest.json, summed into the total `npm test` prints
    reporters: ['default', ['json', { outputFile: 'test-results/check-320.json' }]],
  },
});
