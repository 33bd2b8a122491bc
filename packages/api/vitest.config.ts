import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // The first request compiles the contract's validators (Ajv); on a loaded 2-core CI box beside the server's
    // suite that can pass the 5 s default.
    testTimeout: 20_000,
    // the JSON report feeds the one-line total that `npm test` prints at the end
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
