// A stand-in for apps/web/dist: an index.html shaped like Vite's build of apps/web/index.html, so the server's
// page shell is tested without building the web app.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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

/** Writes the fake build under `dir` and returns its path (for WEB_DIST). */
export function fakeWebDist(dir: string, html = BUILT_INDEX): string {
  const dist = join(dir, 'web-dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  return dist;
}
