import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.js'],
    // the JSON report feeds the one-line total that `npm test` prints at the end
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    // a fresh machine installs PostgreSQL with apt-get first
    hookTimeout: 600_000,
  },
});
