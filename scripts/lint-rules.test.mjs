// The import rules of eslint.config.js fire (without a resolver they passed everything). Each case
// plants a file that breaks one layer rule where the real code lives, lints it with the real config and expects
// exactly that rule; a clean file beside them must pass with every import resolved. Every web feature and every
// server module is probed both ways (a hand-typed list of features missed three), from the folders as
// they are now, not from the config's own list. Run by `npm run lint:root`.
//
// The planted files sit in `.lint-probe-*` folders, which the lint config ignores (this test lints them with
// `ignore: false`), TypeScript's "src" includes skip (dot folders) and git ignores, so the workspaces' own lint,
// typecheck and test tasks that turbo runs beside this one never see them.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { serverModuleDeps } from '../eslint.config.js';

const root = join(import.meta.dirname, '..');
const probe = `.lint-probe-${randomBytes(4).toString('hex')}`;
const web = 'apps/web/src';
const planted = new Set();

/** Writes `source` to `<folder>/<probe>/<name>` and returns its absolute path. */
function plant(folder, name, source) {
  const dir = join(root, folder, probe);
  planted.add(dir);
  const file = join(dir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  return file;
}

after(() => {
  for (const dir of planted) rmSync(dir, { recursive: true, force: true });
});

// no-unresolved is not part of the config (Vite's `?url` and virtual imports); here it proves that every
// import of a planted file resolved, so a rule that stays quiet is quiet about a real path
const eslint = new ESLint({
  cwd: root,
  ignore: false,
  overrideConfig: { rules: { 'import-x/no-unresolved': 'error' } },
});

/** The folders inside `dir` (from the repo root), the probes' own dot folders left out. */
const foldersOf = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();

/** One real source file of `folder` (its shallowest, first by name), to import: the import must resolve. */
function sourceFileOf(folder) {
  const files = readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|stories|css|d)\.tsx?$/.test(file))
    .filter((file) => !file.split('/').some((part) => part.startsWith('.')))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  assert.ok(files.length > 0, `${folder} has no source file to import`);
  return join(folder, files[0]);
}

/** The source of a file planted in `folder` that imports each of `files` (paths from the repo root). */
function importing(folder, files) {
  const specifiers = files.map((file) =>
    relative(join(root, folder, probe), join(root, file)).replace(/\.tsx?$/, ''),
  );
  return {
    specifiers,
    source: [
      ...specifiers.map((specifier, i) => `import * as m${i} from '${specifier}';`),
      '',
      `export const probe = [${specifiers.map((_, i) => `m${i}`).join(', ')}];`,
      '',
    ].join('\n'),
  };
}

async function problems(...files) {
  const results = await eslint.lintFiles(files);
  return results.flatMap((result) =>
    result.messages.map(({ ruleId, message }) => ({
      file: result.filePath.slice(root.length + 1),
      ruleId,
      message,
    })),
  );
}

/** Lints one planted file and expects exactly one problem: `ruleId`, with `message` in it when given. */
async function expectOnly(file, ruleId, message) {
  const found = await problems(file);
  assert.equal(found.length, 1, JSON.stringify(found, null, 2));
  assert.equal(found[0].ruleId, ruleId);
  if (message) assert.match(found[0].message, message);
}

describe('the import rules of eslint.config.js', () => {
  it('refuse a web feature importing the app layer', async () => {
    const file = plant(
      `${web}/features/home`,
      'imports-app.ts',
      "import { routes } from '../../../app/routes';\n\nexport const probe = routes;\n",
    );
    await expectOnly(file, 'import-x/no-restricted-paths', /Features do not import the app layer/);
  });

  it('refuse a package importing an app', async () => {
    const file = plant(
      'packages/ui/src',
      'imports-web.ts',
      "import { formatPostedTime } from '../../../../apps/web/src/lib/listing';\n\nexport const probe = formatPostedTime;\n",
    );
    await expectOnly(file, 'import-x/no-restricted-paths', /Packages never import apps/);
  });

  for (const layer of ['components', 'lib']) {
    it(`refuse ${layer}/ importing a feature`, async () => {
      const file = plant(
        `${web}/${layer}`,
        'imports-feature.ts',
        "import { useSession } from '../../features/auth/use-session';\n\nexport const probe = useSession;\n",
      );
      await expectOnly(file, 'import-x/no-restricted-paths', /features/);
    });
  }

  it('refuse a server module importing the app that mounts it', async () => {
    const file = plant(
      'apps/server/src/modules/users',
      'imports-app.ts',
      "import { createApp } from '../../../app';\n\nexport const probe = createApp;\n",
    );
    await expectOnly(file, 'import-x/no-restricted-paths', /Server modules/);
  });

  it("refuse the server writing a web page's path by hand, in a string or a template", async () => {
    for (const [name, source] of [
      ['writes-path.ts', "export const probe = '/dashboard/myProduct';\n"],
      ['writes-template.ts', "const id = 'm-1';\n\nexport const probe = `/mobile/${id}`;\n"],
      ['writes-bare.ts', "export const probe = '/unsubscribe';\n"],
    ]) {
      const file = plant('apps/server/src/modules/notifications', name, source);
      await expectOnly(file, 'no-restricted-syntax', /webLinks/);
    }
    // the API's own paths and other text stay free
    const free = plant(
      'apps/server/src/modules/notifications',
      'writes-api.ts',
      "export const probe = ['/api/mobile/x', 'Disallow: /dashboard', '/mobiles'];\n",
    );
    assert.deepEqual(await problems(free), []);
  });

  it('refuse two TypeScript files importing each other', async () => {
    const a = plant(
      `${web}/lib`,
      'cycle-a.ts',
      "import { b } from './cycle-b';\n\nexport const a = () => b;\n",
    );
    const b = plant(
      `${web}/lib`,
      'cycle-b.ts',
      "import { a } from './cycle-a';\n\nexport const b = () => a;\n",
    );
    const found = await problems(a, b);
    assert.deepEqual(
      found.map(({ file, ruleId }) => [file.split('/').pop(), ruleId]),
      [
        ['cycle-a.ts', 'import-x/no-cycle'],
        ['cycle-b.ts', 'import-x/no-cycle'],
      ],
    );
  });

  it('pass a feature importing its own files, lib/, components/ and the workspace packages', async () => {
    const file = plant(
      `${web}/features/auth`,
      'clean.tsx',
      [
        "import { mockAccessToken } from '@recell/api/mocks';",
        "import { Button } from '@recell/ui/Button';",
        "import { FormAlert } from '../../../components/FormAlert';",
        "import { formatPostedTime } from '../../../lib/listing';",
        "import { useSession } from '../use-session';",
        '',
        'export const probe = [mockAccessToken, Button, FormAlert, formatPostedTime, useSession];',
        '',
      ].join('\n'),
    );
    assert.deepEqual(await problems(file), []);
  });
});

const features = foldersOf(`${web}/features`);
const modules = foldersOf('apps/server/src/modules');

/**
 * For each web feature and each server module: a file importing every neighbour it may not import (each import
 * must be reported, by path), and a file importing its own code and every neighbour it may import (nothing
 * reported). All of them linted in one call.
 */
const folders = [
  ...features.map((feature) => {
    const folder = `${web}/features/${feature}`;
    const others = features.filter((other) => other !== feature);
    return {
      name: `web feature ${feature}`,
      path: folder,
      forbidden: others.map((other) => sourceFileOf(`${web}/features/${other}`)),
      allowed: [sourceFileOf(folder)],
      message: /Features do not import each other/,
    };
  }),
  ...modules.map((module) => {
    const folder = `apps/server/src/modules/${module}`;
    const allowed = serverModuleDeps[module] ?? [];
    return {
      name: `server module ${module}`,
      path: folder,
      forbidden: modules
        .filter((other) => other !== module && !allowed.includes(other))
        .map((other) => sourceFileOf(`apps/server/src/modules/${other}`)),
      allowed: [module, ...allowed].map((name) => sourceFileOf(`apps/server/src/modules/${name}`)),
      message: new RegExp(`Server module ${module} `),
    };
  }),
];

describe('every web feature and every server module, both ways', () => {
  const found = new Map();
  before(async () => {
    for (const folder of folders) {
      folder.refused = importing(folder.path, folder.forbidden);
      folder.refusedFile = plant(folder.path, 'imports-forbidden.ts', folder.refused.source);
      folder.cleanFile = plant(
        folder.path,
        'imports-allowed.ts',
        importing(folder.path, folder.allowed).source,
      );
    }
    const results = await eslint.lintFiles(
      folders.flatMap((folder) => [folder.refusedFile, folder.cleanFile]),
    );
    for (const result of results) found.set(result.filePath, result.messages);
  });

  it('finds the folders and a rule for each server module', () => {
    assert.ok(features.length > 1 && modules.length > 1, [...features, ...modules].join());
    // a module left out of the map may import nothing and be imported by none: place it when it is made
    assert.deepEqual(Object.keys(serverModuleDeps).sort(), modules);
    for (const [module, deps] of Object.entries(serverModuleDeps))
      for (const dep of deps) assert.ok(modules.includes(dep), `${module} -> ${dep}: no such module`);
  });

  it('has no loop in the server module map', () => {
    const state = new Map();
    const visit = (module, path) => {
      if (state.get(module) === 'done') return;
      assert.notEqual(state.get(module), 'open', `a loop: ${[...path, module].join(' -> ')}`);
      state.set(module, 'open');
      for (const dep of serverModuleDeps[module]) visit(dep, [...path, module]);
      state.set(module, 'done');
    };
    for (const module of Object.keys(serverModuleDeps)) visit(module, []);
  });

  for (const folder of folders) {
    it(`refuse ${folder.name} importing a neighbour it may not, and pass its own and permitted imports`, () => {
      const refused = found.get(folder.refusedFile);
      assert.ok(refused, 'not linted');
      assert.deepEqual(
        refused.map(({ ruleId }) => ruleId),
        refused.map(() => 'import-x/no-restricted-paths'),
        JSON.stringify(refused, null, 2),
      );
      assert.deepEqual(
        refused.map(({ message }) => message.match(/^Unexpected path "([^"]+)"/)?.[1]).sort(),
        [...folder.refused.specifiers].sort(),
      );
      for (const { message } of refused) assert.match(message, folder.message);
      assert.deepEqual(found.get(folder.cleanFile), []);
    });
  }
});
