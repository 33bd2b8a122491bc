#!/usr/bin/env node
// What each component costs when a page imports it alone: bundle `@recell/ui/<Component>` with Vite
// (rolldown, minified, vanilla-extract CSS extracted), react and react-dom left out as the app already
// has them, and print the gzip size of the JS and the CSS.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { build } from 'vite';

const root = join(import.meta.dirname, '..');
const components = join(root, 'src', 'components');
const only = process.argv.slice(2);

const entries = [
  ['theme', join(root, 'src', 'theme', 'index.ts')],
  ...readdirSync(components)
    .filter((name) => existsSync(join(components, name, 'index.ts')))
    .map((name) => [name, join(components, name, 'index.ts')]),
].filter(([name]) => only.length === 0 || only.includes(name));

// A library build inlines the font files into the CSS; a browser fetches them (one subset) instead,
// so the font import is left out here and the Latin file's size is printed on its own.
const fontsApart = {
  name: 'fonts-apart',
  enforce: 'pre',
  resolveId: (id) => (id.startsWith('@fontsource-variable/') ? '\0empty-font' : null),
  load: (id) => (id === '\0empty-font' ? '' : null),
};

// The home page's set, bundled together: react-aria's shared core is paid once, so this is less than the sum.
const HOME_SET = ['Navbar', 'Carousel', 'PhoneCard', 'Button', 'Testimonial', 'Footer', 'Toast', 'Dialog'];

async function measure(entry) {
  if (Array.isArray(entry)) {
    // lib mode wants a file: write the set's entry where it resolves @recell/ui like an app would
    const file = join(root, 'test-results', 'size-set-entry.js');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, entry.map((name) => `export * as ${name} from '@recell/ui/${name}';`).join('\n'));
    entry = file;
  }
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root,
    plugins: [vanillaExtractPlugin(), fontsApart],
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ['es'], fileName: 'entry' },
      rolldownOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/, /\.woff2?$/] },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output);
  const sizes = { js: 0, css: 0 };
  for (const chunk of chunks) {
    const text = chunk.type === 'chunk' ? chunk.code : chunk.source;
    const kind = chunk.fileName.endsWith('.css') ? 'css' : chunk.fileName.endsWith('.js') ? 'js' : null;
    if (kind) sizes[kind] += gzipSync(text, { level: 9 }).length;
  }
  return sizes;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
console.log(`${'entry'.padEnd(16)}${'JS gzip'.padStart(9)}${'CSS gzip'.padStart(10)}${'total'.padStart(10)}`);
for (const [name, entry] of entries) {
  const { js, css } = await measure(entry);
  console.log(`${name.padEnd(16)}${kb(js)} ${kb(css)} ${kb(js + css)}`);
}
if (only.length === 0) {
  const { js, css } = await measure(HOME_SET);
  console.log(`${'home page set'.padEnd(16)}${kb(js)} ${kb(css)} ${kb(js + css)}  (${HOME_SET.join(', ')})`);
}
const latin = join(
  root,
  '..',
  '..',
  'node_modules',
  '@fontsource-variable',
  'inter',
  'files',
  'inter-latin-wght-normal.woff2',
);
if (existsSync(latin))
  console.log(
    `${'Inter (latin)'.padEnd(16)}${kb(statSync(latin).size)}  woff2, fetched once by the theme's CSS`,
  );
console.log('react and react-dom are external (react-dom alone is about 69 KB gzip).');
