import { existsSync, globSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';

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
  async viteFinal(viteConfig) {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), react(), vanillaExtractPlugin()];
    return viteConfig;
  },
};

export default config;
