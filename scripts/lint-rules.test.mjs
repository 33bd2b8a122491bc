// The import rules of eslint.config.js fire (issue 30: without a resolver they passed everything). Each case
// plants a file that breaks one layer rule where the real code lives, lints it with the real config and expects
// exactly that rule; a clean file beside them must pass with every import resolved. Run by `npm run lint:root`.
//
// The planted files sit in `.lint-probe-*` folders, which the lint config ignores (this test lints them with
// `ignore: false`), TypeScript's "src" includes skip (dot folders) and git ignores, so the workspaces' own lint,
// typecheck and test tasks that turbo runs beside this one never see them.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ESLint } from 'eslint';

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

  it('refuse a feature importing another feature', async () => {
    const file = plant(
      `${web}/features/home`,
      'imports-auth.ts',
      "import { useSession } from '../../auth/use-session';\n\nexport const probe = useSession;\n",
    );
    await expectOnly(file, 'import-x/no-restricted-paths', /Features do not import each other/);
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
