// A stand-in for apps/web/dist: an index.html shaped like Vite's build of apps/web/index.html and the pages.json
// the build writes beside it (apps/web/build-tools/pages-manifest.ts), so the server's page shell is tested
// without building the web app.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGES_FILE, type PageEntry } from '@recell/api/pages';

export const BUILT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="ReCell: buy and sell used mobile phones" />
    <meta name="color-scheme" content="light dark" />
    <title>ReCell</title>
    <script type="module" crossorigin src="/assets/index-3f9a1c.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A row as the build writes it; `source` is regexparam's pattern for `path`, as the build takes it from there. */
const row = (path: string, source: string, keys: string[], more: Partial<PageEntry> = {}): PageEntry => ({
  path,
  match: { source, flags: 'i', keys },
  files: [],
  ...more,
});

/** Some of the web's route table, as its build describes it (apps/web/src/app/routes.ts). */
export const BUILT_PAGES: PageEntry[] = [
  row('/', '^\\/?$', [], {
    title: 'ReCell: used phones, fairly sold',
    description: 'Buy and sell used Xiaomi, Samsung and Apple phones.',
  }),
  row('/login', '^\\/login\\/?$', [], { title: 'Login | ReCell' }),
  row('/blogs', '^\\/blogs\\/?$', [], {
    title: 'Blogs | ReCell',
    description: 'Guides to buying and selling a used phone safely.',
    dataHead: 'blogs',
  }),
  row('/about', '^\\/about\\/?$', [], {
    title: 'About | ReCell',
    description: 'ReCell is a marketplace for used mobile phones.',
  }),
  row('/category/:id', '^\\/category\\/([^/]+?)\\/?$', ['id'], { dataHead: 'category' }),
  row('/mobile/:id', '^\\/mobile\\/([^/]+?)\\/?$', ['id'], { dataHead: 'listing' }),
  row('/seller/:id', '^\\/seller\\/([^/]+?)\\/?$', ['id'], { dataHead: 'seller' }),
  row('/dashboard', '^\\/dashboard\\/?$', [], {}),
  row('/dashboard/users', '^\\/dashboard\\/users\\/?$', [], { title: 'All Users | ReCell' }),
];

/** Writes the build's pages.json into `dist`: BUILT_PAGES, each changed by `change` (its files, its frame). */
export function writePages(dist: string, change: (page: PageEntry) => Partial<PageEntry> = () => ({})) {
  const pages = BUILT_PAGES.map((page) => ({ ...page, ...change(page) }));
  writeFileSync(join(dist, PAGES_FILE), JSON.stringify(pages));
}

/** Writes the fake build under `dir` and returns its path (for WEB_DIST). */
export function fakeWebDist(dir: string, html = BUILT_INDEX): string {
  const dist = join(dir, 'web-dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  writePages(dist);
  return dist;
}
