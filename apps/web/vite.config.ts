import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { initialJsBudget } from './build-tools/initial-js-budget.ts';
import { MOCK_MODE, mockModeBanner } from './build-tools/mock-mode.ts';
import { preloadFont } from './build-tools/preload-font.ts';
import { pagesManifest } from './build-tools/pages-manifest.ts';

// Where the dev server sends /api and /uploads: the ReCell server on its default port, unless told otherwise.
const apiTarget = process.env.RECELL_API_URL ?? 'http://127.0.0.1:3000';

// what the app's sources need to build (the server-side build of the page manifest too)
const sourcePlugins = () => [react(), vanillaExtractPlugin()];

export default defineConfig(({ mode }) => ({
  // QA's mocked build (`npm run dev:mock`) takes MSW's worker script from mock-public/; no other build ships it
  publicDir: mode === MOCK_MODE ? 'mock-public' : 'public',
  plugins: [
    ...sourcePlugins(),
    // the home page's initial JS (gzip) is printed on every build and held to a budget (issue #5); QA's mocked
    // build never reaches a buyer and carries the QA panel and its banner besides, so it gets 10 KB more
    initialJsBudget(mode === MOCK_MODE ? 140 : 130),
    ...(mode === MOCK_MODE ? [mockModeBanner()] : []),
    preloadFont(/inter-latin-wght-normal-[\w-]+\.woff2$/),
    // dist/pages.json: each page's path, title, description, static first frame and screen chunks, from the
    // route table as the bundler built it, for the server to serve the page with (build-tools/pages-manifest.ts)
    pagesManifest({
      entry: fileURLToPath(new URL('./src/app/page-manifest.ts', import.meta.url)),
      table: fileURLToPath(new URL('./src/app/routes.ts', import.meta.url)),
      plugins: sourcePlugins,
      skip: mode === MOCK_MODE,
    }),
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
  // a dozen small render-blocking CSS requests
  build: {
    sourcemap: true,
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // the shared chunks' automatic names list every screen that uses them
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('shared') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // all the shell needs (React, the router, the design system's navbar ...) in one chunk beside the entry:
            // left to itself rolldown cut it into ~20 shared chunks, and a phone's six connections fetched them
            // in waves, a round trip each, before the first paint
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // what several screens share (cards, lists, query helpers) in a chunk per set of screens that use it,
            // small sets merged: a screen loads its own chunk and one or two of these, not ten
            {
              name: 'shared',
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 12_000,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  // tests: vitest.config.ts (and vitest.check-320.config.ts)
}));
