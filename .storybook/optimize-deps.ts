// The dependencies Vite pre-bundles for stories, known up front: found only when a story first imports them, they
// make Vite optimise again and reload the page (a fresh clone's first Storybook render or test run).
// One list for Storybook and both workspaces' story tests.

/** What the design system's stories import. */
export const designSystemDeps = [
  '@vanilla-extract/recipes/createRuntimeFn',
  '@vanilla-extract/sprinkles/createRuntimeSprinkles',
  'react',
  'react-dom/client',
  'react/jsx-dev-runtime',
  'react-aria-components',
  'lucide-react',
  '@storybook/react-vite',
];

/** What the web app's page stories import besides (the whole app over MSW's mocks). */
export const webAppDeps = [
  ...designSystemDeps,
  '@tanstack/react-query',
  'jotai',
  'jotai/utils',
  'wouter',
  'wouter/memory-location',
  'msw',
  'msw/browser',
  'msw-storybook-addon/csf3',
  'openapi-fetch',
  'openapi-msw',
  'yaml',
  '@recell/api > ajv/dist/2020.js',
  '@recell/api > ajv-formats',
];
