// Prints the home page's initial JS (the entry chunk and every chunk it imports statically, gzipped) after
// `vite build`, and fails the build above the budget or when the identity or card SDKs (firebase, Stripe) are
// part of it: those load lazily, when someone signs in or pays.
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const FORBIDDEN = [/[\\/]node_modules[\\/](firebase|@firebase)[\\/]/, /[\\/]node_modules[\\/]@?stripe/];

export function initialJsBudget(limitKb: number): Plugin {
  return {
    name: 'recell:initial-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])),
      );
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || initial.has(fileName)) return;
        initial.add(fileName);
        chunk.imports.forEach(visit);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);

      let bytes = 0;
      const offenders: string[] = [];
      for (const fileName of initial) {
        const chunk = chunks.get(fileName);
        if (!chunk) continue;
        bytes += gzipSync(chunk.code, { level: 9 }).length;
        for (const id of chunk.moduleIds)
          if (FORBIDDEN.some((pattern) => pattern.test(id))) offenders.push(`${fileName}: ${id}`);
      }
      const kb = bytes / 1024;
      this.info(
        `home page initial JS: ${kb.toFixed(1)} KB gzip in ${initial.size} chunk(s) (budget ${limitKb} KB)`,
      );
      if (offenders.length > 0)
        this.error(`firebase or Stripe is in the initial JS:\n${offenders.slice(0, 10).join('\n')}`);
      if (kb > limitKb)
        this.error(`the initial JS is ${kb.toFixed(1)} KB gzip, over the ${limitKb} KB budget`);
    },
  };
}
