import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { initialJsBudget } from './build-tools/initial-js-budget.ts';

// Where the dev server sends /api and /uploads: the ReCell server on its default port, unless told otherwise.
const apiTarget = process.env.RECELL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // the home page's initial JS (gzip) is printed on every build and held to a budget (issue #5)
  plugins: [react(), vanillaExtractPlugin(), initialJsBudget(130)],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: { host: '127.0.0.1' },
  build: { sourcemap: true },
  // tests: vitest.config.ts
});
