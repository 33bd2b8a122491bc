// One lint config for the workspace. Import direction (style.md): app -> features -> components/lib,
// no feature imports another, packages never import apps, server modules never import the app mounting them and
// import each other only as serverModuleDeps says.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every workspace's tsconfig, as absolute paths: each workspace lints from its own directory, so globs would
// resolve against the wrong cwd.
const tsconfigs = ['apps', 'packages'].flatMap((dir) =>
  readdirSync(join(import.meta.dirname, dir), { withFileTypes: true })
    .map((entry) => join(import.meta.dirname, dir, entry.name, 'tsconfig.json'))
    .filter((tsconfig) => existsSync(tsconfig)),
);

/** The folders inside `dir` (from the repo root), read at load: a feature or module added later is in the rules. */
const foldersOf = (dir) =>
  readdirSync(join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();

/**
 * Every lint zone, written out so a reader sees them all. The zones themselves are built from the folders
 * (foldersOf), so a new folder is guarded the day it appears; and a folder added, renamed or removed without
 * this list fails every lint run at once, with this message, until the list names it.
 */
const ZONES = {
  'apps/web/src/features': [
    'admin',
    'auth',
    'blogs',
    'bookings',
    'catalogue',
    'home',
    'messages',
    'notifications',
    'offers',
    'payments',
    'payouts',
    'prices',
    'reviews',
    'seller',
    'sellers',
    'wishlist',
  ],
  'apps/server/src/modules': [
    'audit',
    'bookings',
    'catalogue',
    'claims',
    'deals',
    'meetups',
    'messages',
    'notifications',
    'offers',
    'payments',
    'payouts',
    'phone-truth',
    'pictures',
    'prices',
    'reports',
    'reviews',
    'second-factor',
    'seller-phones',
    'seo',
    'system',
    'users',
    'wishlist',
  ],
};
for (const [dir, named] of Object.entries(ZONES)) {
  const found = foldersOf(dir).join(' ');
  if (found !== [...named].sort().join(' '))
    throw new Error(
      `eslint.config.js: the zones of ${dir} are [${found}], the list names [${named.join(' ')}]`,
    );
}

const featureZones = foldersOf('apps/web/src/features').map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message:
    'Features do not import each other: lift shared code to components/ or lib/, or compose them in app/.',
}));

/** The first segments of the web's pages that the server links to (packages/api/src/links.ts). */
const WEB_PAGE_PATH =
  '/^\\/(dashboard|mobile|seller|category|unsubscribe|blogs|about|prices|reset|login|register)(\\/|\\?|$)/';

/**
 * Which server module may import which: the imports that exist, and nothing else. The modules lie in
 * floors, each importing only from floors below it, so no two modules can loop (scripts/lint-rules.test.mjs checks
 * the map has no loop and names every folder). A module that is not here may import no other module, and none may
 * import it. What a lower module needs from a higher one (the deal filing a report, asking phone truth, telling
 * notifications) is a port: a function handed in by the composition root, `src/app.ts`.
 */
export const serverModuleDeps = {
  // floor 0, importing no module: the audit log (every audited admin action appends to it), the deal (its
  // model and orchestration; what it needs from others comes through ports), pictures, health, the second
  // step, seller phones, the price guide (its captures come from the deal through a port)
  audit: [],
  deals: [],
  pictures: [],
  prices: [],
  'second-factor': [],
  'seller-phones': [],
  system: [],
  // the seller's earnings and payouts: the deal writes an earning and a claim moves it through ports
  payouts: [],
  // floor 1: offers become deals (the payments and the removals reach the offers through ports)
  payments: ['deals'],
  offers: ['deals'],
  // a buyer's claim holds a completed deal's earning (the payouts module's, through a port) until an admin decides
  claims: ['audit', 'deals'],
  // a booking's meetup spot, its calendar entry and reminder; the audited admin list of spots
  meetups: ['audit', 'deals'],
  'phone-truth': ['audit'],
  reviews: ['audit', 'deals'],
  // floor 2: a listing shows its seller's rating and is checked against phone truth; notifications word the
  // deal's and the reviews' notices
  catalogue: ['deals', 'phone-truth', 'pictures', 'reviews'],
  notifications: ['deals', 'reviews'],
  // floor 3
  bookings: ['catalogue', 'deals', 'meetups'],
  wishlist: ['catalogue'],
  reports: ['audit', 'catalogue', 'deals', 'notifications', 'phone-truth'],
  // floor 4: deleting a user ends their listings, bookings, deals and wishlist
  users: ['audit', 'bookings', 'catalogue', 'deals', 'notifications', 'reviews', 'wishlist'],
  // floor 5: a message report is a report; the pages describe listings and answer as the signed-in user
  messages: ['audit', 'catalogue', 'deals', 'notifications', 'pictures', 'reports', 'users'],
  seo: ['catalogue', 'pictures', 'users'],
};

const serverModuleZones = foldersOf('apps/server/src/modules').map((module) => {
  const allowed = serverModuleDeps[module] ?? [];
  return {
    target: `./apps/server/src/modules/${module}`,
    from: './apps/server/src/modules',
    except: [module, ...allowed].map((name) => `./${name}`),
    message: `${
      module in serverModuleDeps
        ? `Server module ${module} imports ${allowed.length ? `only ${allowed.join(', ')}` : 'no other module'}`
        : `Server module ${module} is not in serverModuleDeps, so it imports no other module and none imports it`
    } (serverModuleDeps in eslint.config.js): take what it needs as a port wired in src/app.ts, or add the edge there if it makes no loop.`,
  };
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/storybook-static/**',
      '**/generated/**',
      '**/coverage/**',
      // test output (Playwright writes traces there while lint may run beside it)
      '**/test-results/**',
      '**/playwright-report/**',
      // MSW's generated worker script (npx msw init)
      '**/mock-public/**',
      '.tools/**',
      '.turbo/**',
      'data/**',
      // generated by `msw init`
      '**/mockServiceWorker.js',
      // files scripts/lint-rules.test.mjs plants for a moment, unseen by the workspaces' lint running beside it
      '**/.lint-probe-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // Without a resolver and TypeScript extensions, import-x resolves nothing and follows no .ts file, so
      // no-restricted-paths and no-cycle pass everything. scripts/lint-rules.test.mjs holds them to it.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: tsconfigs, noWarnOnMultipleProjects: true }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            { target: './packages', from: './apps', message: 'Packages never import apps.' },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import the app layer.',
            },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'] },
            ...featureZones,
            ...serverModuleZones,
            {
              target: './apps/server/src/modules',
              from: [
                './apps/server/src/app.ts',
                './apps/server/src/build-server.ts',
                './apps/server/src/server.ts',
              ],
              message: 'Server modules never import the app that mounts them: pass what they need in.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server links to the web's pages only through webLinks (@recell/api): a path written by hand breaks
    // silently when the route is renamed; apps/web/src/app/links.test.ts holds each builder against the routes.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `Literal[value=${WEB_PAGE_PATH}]`,
          `TemplateLiteral > TemplateElement:first-child[value.raw=${WEB_PAGE_PATH}]`,
        ].map((selector) => ({
          selector,
          message: "Link to the web's pages with webLinks from @recell/api, not a path written by hand.",
        })),
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
);
