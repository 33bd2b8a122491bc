// Writes dist/prerendered.json: each public page's static first frame (src/app/frame.tsx), which the server sends
// inside #root so the page paints before its JavaScript has arrived (issue 12). After the browser build, a
// server-side build of frame.tsx (the same sources and plugins, so the same class names) is imported in Node
// and renders the frames. The build fails when a frame cannot be rendered, or when that build's styles name a
// class the browser's stylesheet lacks (the frame would paint unstyled).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';

export const PRERENDERED_FILE = 'prerendered.json';

/** Every class a stylesheet styles (`.name`), as the build wrote it. */
const classesOf = (css: string) =>
  new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!));

const cssIn = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n');

/**
 * `entry` exports renderFrames(); `plugins` makes the plugins its sources need (fresh instances for the second
 * build). The mocked QA build (vite preview) has no server to send frames: `skip` it.
 */
export function prerender(options: { entry: string; plugins: () => PluginOption[]; skip?: boolean }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'recell:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild && !options.skip,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error) {
      if (error) return;
      const outDir = join(config.cacheDir, 'prerender');
      const started = performance.now();
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        envDir: config.envDir,
        logLevel: 'warn',
        plugins: options.plugins(),
        build: {
          ssr: options.entry,
          outDir,
          emptyOutDir: true,
          copyPublicDir: false,
          // its stylesheet too, to compare with the browser's
          ssrEmitAssets: true,
          cssCodeSplit: false,
          sourcemap: false,
          minify: false,
          rolldownOptions: { output: { entryFileNames: 'frame.js' } },
        },
      });
      try {
        const client = classesOf(cssIn(join(config.build.outDir, config.build.assetsDir)));
        const missing = [...classesOf(cssIn(outDir))].filter((name) => !client.has(name));
        if (missing.length > 0)
          this.error(
            `prerender: the frames' classes differ from the page's (${missing.slice(0, 5).join(', ')})`,
          );
        const { renderFrames } = (await import(pathToFileURL(join(outDir, 'frame.js')).href)) as {
          renderFrames: () => Promise<{ path: string; html: string }[]>;
        };
        const frames = await renderFrames();
        writeFileSync(join(config.build.outDir, PRERENDERED_FILE), `${JSON.stringify(frames, null, 1)}\n`);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        this.info(
          `static first frames in ${seconds} s: ${frames.map(({ path, html }) => `${path} ${html.length} B`).join(', ')}`,
        );
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    },
  };
}
