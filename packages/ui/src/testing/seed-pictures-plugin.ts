import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const pictures = fileURLToPath(new URL('../../../api/src/fixtures/pictures/', import.meta.url));

/** Serves the seed pictures at /uploads/seed/, as Storybook's staticDirs does, for tests outside Storybook. */
export function seedPictures(): Plugin {
  return {
    name: 'recell:seed-pictures',
    configureServer(server) {
      server.middlewares.use('/uploads/seed', (req, res, next) => {
        const name = basename(decodeURIComponent((req.url ?? '').split('?')[0] ?? ''));
        if (!name.endsWith('.svg')) return next();
        readFile(pictures + name).then(
          (body) => {
            res.setHeader('Content-Type', 'image/svg+xml');
            res.end(body);
          },
          () => next(),
        );
      });
    },
  };
}
