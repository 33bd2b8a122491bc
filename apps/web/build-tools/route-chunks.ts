// Writes dist/route-chunks.json: for each row of the route table (src/app/routes.ts), its wouter path and the JS
// chunks its screen loads beyond the entry's own. The server names them in the page's HTML as modulepreloads
// (apps/server/src/modules/seo/shell.ts), so a screen's code arrives with the entry instead of in a second round
// of requests after the entry has run (issue 12). The build fails when a row's screen cannot be found.
import { readFileSync } from 'node:fs';
import type { Plugin, Rolldown } from 'vite';

export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

export interface RouteChunks {
  /** wouter's pattern, as in the table (`/mobile/:id`). */
  path: string;
  /** Root-relative URLs (`/assets/…js`), the screen's own chunk first. */
  files: string[];
}

/** Each row's path and the module its screen imports: `path: '…'` then, in the same row, `import('…')`. */
export function routeRows(source: string): { path: string; module: string }[] {
  const rows = [...source.matchAll(/\bpath: '([^']+)'[^{}]*?\bimport\('([^']+)'\)/g)].map(
    ([, path, module]) => ({
      path: path!,
      module: module!,
    }),
  );
  const paths = source.match(/\bpath: '/g)?.length ?? 0;
  if (rows.length !== paths)
    throw new Error(`route-chunks: read ${rows.length} screens for ${paths} paths in the route table`);
  return rows;
}

function chunksOf(bundle: Rolldown.OutputBundle): Map<string, Rolldown.OutputChunk> {
  return new Map(
    Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])),
  );
}

export function routeChunks(routesFile: string): Plugin {
  return {
    name: 'recell:route-chunks',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const closure = (fileName: string, into = new Set<string>()) => {
        const chunk = chunks.get(fileName);
        if (!chunk || into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of chunk.imports) closure(imported, into);
        return into;
      };
      // the entry and what it imports are in index.html already
      const initial = new Set<string>();
      for (const chunk of chunks.values()) if (chunk.isEntry) closure(chunk.fileName, initial);
      const table: RouteChunks[] = [];
      for (const { path, module } of routeRows(readFileSync(routesFile, 'utf8'))) {
        const resolved = await this.resolve(module, routesFile);
        const screen = [...chunks.values()].find(
          (chunk) => chunk.isDynamicEntry && chunk.facadeModuleId === resolved?.id,
        );
        if (!screen) this.error(`route-chunks: no chunk for ${path}'s screen (${module})`);
        const files = [...closure(screen.fileName)].filter((file) => !initial.has(file));
        table.push({ path, files: files.map((file) => `/${file}`) });
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_CHUNKS_FILE,
        source: `${JSON.stringify(table, null, 1)}\n`,
      });
    },
  };
}
