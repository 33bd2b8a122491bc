// Writes dist/pages.json (@recell/api/pages): for each row of the route table (src/app/routes.ts), its path and
// the router's matcher for it, its title and description, its static first frame, and the JS chunks its screen
// loads beyond the entry's own. The server reads it to give each page its head, its modulepreloads (a screen's
// code arrives with the entry, not in a second round after the entry has run) and its frame.
//
// Nothing reads the table's source text. After the browser's build, a server-side build of
// src/app/page-manifest.ts (the same sources and plugins, so the same class names) is imported in Node: it gives
// the table's rows as data and draws the frames. Each row's screen is loaded there, and the module that exports
// it (one of those the table imports lazily, as the bundler recorded them) names the screen's chunk in the
// browser's bundle. The build fails when a row's screen has no chunk, when a frame cannot be rendered, or when
// the frames' styles name a class the browser's stylesheet lacks (the frame would paint unstyled). That
// server-side build stays in dist/ssr: the server draws each listing's page with it.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FRAMES_MODULE, PAGES_FILE, type PageEntry } from '@recell/api/pages';
import { build, type Plugin, type PluginOption, type ResolvedConfig, type Rolldown } from 'vite';
import type { DescribedPage } from '../src/app/page-manifest';

/** Every class a stylesheet styles (`.name`), as the build wrote it. */
const classesOf = (css: string) =>
  new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!));

const cssIn = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n');

const chunksOf = (bundle: Rolldown.OutputBundle) =>
  Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));

/** Each lazily loaded module's chunk, by the module's id. */
const dynamicEntries = (chunks: Rolldown.OutputChunk[]) =>
  new Map(
    chunks.flatMap((chunk) =>
      chunk.isDynamicEntry && chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk] as const] : [],
    ),
  );

/**
 * The browser's bundle, as each lazily loaded module's files to preload: its chunk and the chunks it imports,
 * less the entry and what it imports (index.html loads those already).
 */
function filesByModule(bundle: Rolldown.OutputBundle): Map<string, string[]> {
  const chunks = chunksOf(bundle);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName: string, into = new Set<string>()) => {
    const chunk = byFile.get(fileName);
    if (!chunk || into.has(fileName)) return into;
    into.add(fileName);
    for (const imported of chunk.imports) closure(imported, into);
    return into;
  };
  const initial = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, initial);
  return new Map(
    [...dynamicEntries(chunks)].map(([id, chunk]) => [
      id,
      [...closure(chunk.fileName)].filter((file) => !initial.has(file)).map((file) => `/${file}`),
    ]),
  );
}

/**
 * `entry` (src/app/page-manifest.ts) exports describePages(); `table` is the route table's module, whose lazy
 * imports are the screens; `plugins` makes the plugins the sources need (fresh instances for the second build).
 * The mocked QA build (vite preview) has no server to read the manifest: `skip` it.
 */
export function pagesManifest(options: {
  entry: string;
  table: string;
  plugins: () => PluginOption[];
  skip?: boolean;
}): Plugin {
  let config: ResolvedConfig;
  let browserFiles = new Map<string, string[]>();
  return {
    name: 'recell:pages-manifest',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild && !options.skip,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      browserFiles = filesByModule(bundle);
    },
    async closeBundle(error) {
      // A build that failed before writing (another plugin's error, e.g. the initial JS budget) has nothing to
      // describe: leave its own error to be read, rather than one of this plugin's about missing files.
      if (error || !existsSync(join(config.build.outDir, config.build.assetsDir))) return;
      const outDir = join(config.cacheDir, 'pages-manifest');
      const started = performance.now();
      // the modules the table loads lazily, and each one's file in this build
      const screens = new Map<string, string>();
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        envDir: config.envDir,
        logLevel: 'warn',
        plugins: [
          options.plugins(),
          {
            name: 'recell:pages-manifest-screens',
            generateBundle(_options, bundle) {
              const lazy = this.getModuleInfo(options.table)?.dynamicallyImportedIds ?? [];
              const entries = dynamicEntries(chunksOf(bundle));
              for (const id of lazy) {
                const chunk = entries.get(id);
                if (chunk) screens.set(id, chunk.fileName);
              }
            },
          },
        ],
        // every dependency in the module itself: the server runs it from wherever the build is (WEB_DIST), where
        // the workspace's node_modules may not be
        ssr: { noExternal: true },
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
          rolldownOptions: { output: { entryFileNames: basename(FRAMES_MODULE) } },
        },
      });
      try {
        const client = classesOf(cssIn(join(config.build.outDir, config.build.assetsDir)));
        const missing = [...classesOf(cssIn(outDir))].filter((name) => !client.has(name));
        if (missing.length > 0)
          this.error(`pages: the frames' classes differ from the page's (${missing.slice(0, 5).join(', ')})`);
        const load = (file: string) => import(pathToFileURL(join(outDir, file)).href) as Promise<object>;
        const { describePages } = (await load(basename(FRAMES_MODULE))) as {
          describePages: () => Promise<DescribedPage[]>;
        };
        // the same module instances the screens' own lazy imports load (one URL, one module)
        const modules = await Promise.all(
          [...screens].map(async ([id, file]) => ({ id, exports: Object.values(await load(file)) })),
        );
        const pages: PageEntry[] = [];
        for (const { entry, screen } of await describePages()) {
          const component = await screen();
          const [module, ...others] = modules.filter(({ exports }) => exports.includes(component));
          const files = module && others.length === 0 ? browserFiles.get(module.id) : undefined;
          if (!files) this.error(`pages: no chunk of its own for ${entry.path}'s screen`);
          pages.push({ ...entry, files });
        }
        writeFileSync(join(config.build.outDir, PAGES_FILE), `${JSON.stringify(pages, null, 1)}\n`);
        // kept for the server, which draws each listing's page with it (FRAMES_MODULE): its JavaScript only
        const kept = join(config.build.outDir, dirname(FRAMES_MODULE));
        rmSync(kept, { recursive: true, force: true });
        cpSync(outDir, kept, { recursive: true, filter: (file) => !file.endsWith('.css') });
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const frames = pages.flatMap(({ path, frame }) => (frame ? [`${path} ${frame.length} B`] : []));
        const sessionFrames = pages.flatMap(({ sessionFrame }) =>
          sessionFrame ? [sessionFrame.length] : [],
        );
        this.info(
          `${PAGES_FILE}: ${pages.length} pages in ${seconds} s; static first frames ${frames.join(', ')}; ` +
            `session frames on ${sessionFrames.length} signed-in pages (at most ${Math.max(0, ...sessionFrames)} B)`,
        );
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    },
  };
}
