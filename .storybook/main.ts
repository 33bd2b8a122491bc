import { existsSync, globSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin, PluginOption } from 'vite';
import { webAppDeps } from './optimize-deps.ts';

// One Storybook for the design system and, later, the web app's screens. A folder with no stories yet
// (apps/web before its screen stories) is left out, so the indexer does not warn about an empty glob.
const storyRoots = ['../packages/ui/src', '../apps/web/src'];
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const config: StorybookConfig = {
  stories: storyRoots
    .filter((root) => existsSync(here(root)) && globSync('**/*.stories.tsx', { cwd: here(root) }).length > 0)
    .map((directory) => ({ directory, files: '**/*.stories.tsx' })),
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: [
    // the seed pictures the fixtures point at (/uploads/seed/<id>.svg)
    { from: '../packages/api/src/fixtures/pictures', to: '/uploads/seed' },
    // MSW's service worker (/mockServiceWorker.js) for the screens; never part of the web app's build
    '../apps/web/mock-public',
  ],
  // offline by design: no telemetry, no "what's new" fetch
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // the "changed stories" status: a module graph of every story and git runs after each change, at start-up too
  features: { changeDetection: false },
  async viteFinal(viteConfig) {
    viteConfig.plugins = [
      ...(await Promise.all((viteConfig.plugins ?? []).flat(Infinity))).map(docgenForComponentsOnly),
      react(),
      vanillaExtractPlugin(),
    ];
    viteConfig.optimizeDeps = {
      ...viteConfig.optimizeDeps,
      include: [...(viteConfig.optimizeDeps?.include ?? []), ...webAppDeps],
    };
    viteConfig.server = {
      ...viteConfig.server,
      // transformed while the manager loads, instead of one import round trip at a time at the first render
      warmup: { clientFiles: ['./.storybook/preview.tsx', './apps/web/src/testing/story-helpers.tsx'] },
    };
    return viteConfig;
  },
};

/**
 * Props tables are drawn for the design system's components only, but react-docgen parsed every .ts and .tsx
 * module Vite served (a Babel parse and import resolution each), the whole web app under its page stories too.
 */
const DOCGEN_PLUGIN = 'storybook:react-docgen-plugin';
const component = /\/packages\/ui\/src\/components\/[^/]+\/[^/.]+\.tsx$/;

function docgenForComponentsOnly(plugin: PluginOption): PluginOption {
  if (!plugin || typeof plugin !== 'object' || !('name' in plugin) || plugin.name !== DOCGEN_PLUGIN)
    return plugin;
  const { transform } = plugin as Plugin;
  if (typeof transform !== 'function') return plugin;
  return {
    ...plugin,
    transform(code, id, options) {
      return component.test(id) ? transform.call(this, code, id, options) : undefined;
    },
  } satisfies Plugin;
}

export default config;
