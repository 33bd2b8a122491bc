// The build reads the route table's source to find each route's screen chunk (build-tools/route-chunks.ts),
// which the server then preloads with the page: it must read every row, with the module the row really loads.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeRows } from '../../build-tools/route-chunks';
import { routes } from './routes';

// vitest runs in apps/web
const appDir = join(process.cwd(), 'src', 'app');
const source = readFileSync(join(appDir, 'routes.ts'), 'utf8');

describe('the route table as the build reads it', () => {
  it('finds every route, in order, each with the module its screen imports', () => {
    const rows = routeRows(source);
    expect(rows.map((row) => row.path)).toEqual(routes.map((route) => route.path));
    for (const { path, module } of rows) {
      const file = join(appDir, module);
      expect(existsSync(`${file}.tsx`) || existsSync(`${file}.ts`), `${path}: ${module}`).toBe(true);
    }
    expect(rows.find((row) => row.path === '/mobile/:id')?.module).toBe('./pages/ListingScreen');
  });

  it('refuses a table where a path has no screen it can read', () => {
    expect(() => routeRows(`${source}\nconst odd = [{ path: '/odd', screen: OddScreen }];`)).toThrow(/paths/);
  });
});
