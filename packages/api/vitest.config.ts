import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // the JSON report feeds the one-line total that `npm test` prints at the end
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
