import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles `source` as an app would (production build, package.json sideEffects honoured). */
async function bundle(source: string): Promise<{ js: string; css: string }> {
  const entry = {
    name: 'entry',
    resolveId: (id: string) => (id === 'virtual:entry' ? '\0entry' : null),
    load: (id: string) => (id === '\0entry' ? source : null),
  };
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    root,
    plugins: [vanillaExtractPlugin(), entry],
    build: {
      write: false,
      rolldownOptions: { input: 'virtual:entry', external: [/^react($|\/)/, /^react-dom($|\/)/] },
    },
  })) as Rolldown.RolldownOutput;
  const text = (kind: string) =>
    result.output
      .filter((file) => file.fileName.endsWith(kind))
      .map((file) => (file.type === 'chunk' ? file.code : String(file.source)))
      .join('\n');
  return { js: text('.js'), css: text('.css') };
}

// A build-only trap: with a `sideEffects` list, a bundler may skip the theme's side-effect imports
// (global styles, the font) when an app only uses named exports. The dev server never shows it.
describe('package.json sideEffects', () => {
  it('keeps the global styles and the Inter font when an app imports the theme', async () => {
    const { css } = await bundle(
      "import { lightThemeClass } from '@recell/ui/theme'; document.documentElement.className = lightThemeClass;",
    );
    expect(css).toContain('box-sizing:border-box');
    expect(css).toMatch(/@font-face\{font-family:Inter Variable/);
  }, 30_000);

  it('drops components the app does not use', async () => {
    const { js, css } = await bundle(
      "import { Badge } from '@recell/ui/Badge'; import { Button } from '@recell/ui/Button'; console.log(Badge);",
    );
    expect(js).toContain('Available');
    // Button's pending label never ships when only Badge is used
    expect(js).not.toContain('Working');
    // class names are hashed in production, so look for each one's own declarations
    expect(css).toContain('white-space:nowrap');
    expect(css).not.toContain('translateY(1px)');
  }, 30_000);
});
