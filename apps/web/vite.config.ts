import zlib from 'node:zlib';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { initialJsBudget } from './build-tools/initial-js-budget.ts';
import { MOCK_MODE, mockModeBanner } from './build-tools/mock-mode.ts';
import { preloadFont } from './build-tools/preload-font.ts';

// Where the dev server sends /api and /uploads: the ReCell server on its default port, unless told otherwise.
const apiTarget = process.env.RECELL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ mode }) => ({
  // QA's mocked build (`npm run dev:mock`) takes MSW's worker script from mock-public/; no other build ships it
  publicDir: mode === MOCK_MODE ? 'mock-public' : 'public',
  plugins: [
    react(),
    vanillaExtractPlugin(),
    // the home page's initial JS (gzip) is printed on every build and held to a budget (issue #5); QA's mocked
    // build never reaches a buyer and carries the QA panel and its banner besides, so it gets 10 KB more
    initialJsBudget(mode === MOCK_MODE ? 140 : 130),
    ...(mode === MOCK_MODE ? [mockModeBanner()] : []),
    preloadFont(/inter-latin-wght-normal-[\w-]+\.woff2$/),
    // a .br and a .gz beside every text asset, at the highest levels (done once here, not per request); the
    // server sends the one the browser accepts (apps/server/src/http/hygiene.ts). Source maps stay plain.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|css|js|mjs|json|svg|txt|xml|webmanifest)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  server: {
    host: '127.0.0.1',
    // the mocked build answers in the browser: nothing may reach a real server
    proxy:
      mode === MOCK_MODE
        ? undefined
        : {
            '/api': { target: apiTarget, changeOrigin: true },
            '/uploads': { target: apiTarget, changeOrigin: true },
          },
  },
  preview: { host: '127.0.0.1' },
  // one stylesheet for the whole app (about 10 KB brotli) rather than one per chunk: the first paint waited on
  // a dozen small render-blocking CSS requests (issue 12)
  build: { sourcemap: true, cssCodeSplit: false },
  // tests: vitest.config.ts (and vitest.check-320.config.ts)
}));
