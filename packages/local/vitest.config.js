import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.js'],
    // the JSON report feeds the one-line total that `npm test` prints at the end
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    // a fresh machine installs PostgreSQL and nginx with apt-get first, and initdb is slow on busy cores
    hookTimeout: 600_000,
    testTimeout: 600_000,
  },
});
