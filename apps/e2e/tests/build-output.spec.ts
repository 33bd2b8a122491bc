// The production build carries none of QA's mocked app: no MSW (its worker script or its browser code), no QA
// panel (persona and scenario switchers), no mocked identity (the demo passwords it checks). The `--mode mock`
// build is the control that proves each marker is one the scan finds. The production build is the one every journey's server serves (globalSetup); the mocked
// one is built here, only by the worker that runs this file.
import { demoAccounts } from '@recell/api/fixtures';
import { expect, test } from '@playwright/test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { viteBuild } from '../src/processes';
import { webDist } from '../src/stack';

let mockDist = '';

test.beforeAll(async () => {
  // two cores: about a minute when the other worker is busy too
  test.setTimeout(300_000);
  mockDist = mkdtempSync(join(tmpdir(), 'recell-e2e-mock-build-'));
  const build = viteBuild(mockDist, ['--mode', 'mock']);
  expect(await build.exited, `the mock build failed:\n${build.output().slice(-3000)}`).toBe(0);
});

test.afterAll(() => mockDist && rmSync(mockDist, { recursive: true, force: true }));

const markers = [
  'QA mock mode', // the QA panel's label
  'mock_server_error', // the server-errors scenario
  'recell.mock.user', // the mocked identity's remembered user
  ...Object.values(demoAccounts).map((account) => account.password), // the mocked sign-in's passwords
  'mockServiceWorker', // MSW's worker script (its file name, and the URL msw's browser code registers)
  'INTEGRITY_CHECKSUM', // the worker script's code
  'Mocking enabled', // msw's browser code
];

/** Which markers occur in which files (paths included) of a build output directory; source maps too. */
function scan(dir: string): Map<string, string[]> {
  const found = new Map<string, string[]>(markers.map((marker) => [marker, []]));
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  expect(files.length, `${dir} has no files`).toBeGreaterThan(0);
  for (const file of files) {
    const path = join(file.parentPath, file.name);
    const text = `${relative(dir, path)}\n${readFileSync(path, 'latin1')}`;
    for (const marker of markers) if (text.includes(marker)) found.get(marker)?.push(relative(dir, path));
  }
  return found;
}

test('the production build has no MSW, QA panel or mocked identity in any output file', () => {
  const found = scan(webDist);
  const leaks = [...found].filter(([, files]) => files.length > 0);
  expect(leaks, 'mock-only code in the production build').toEqual([]);
});

test('control: the same scan finds every marker in the --mode mock build', () => {
  const found = scan(mockDist);
  const missing = [...found].filter(([, files]) => files.length === 0).map(([marker]) => marker);
  expect(missing, 'markers the scan did not find in the mocked build').toEqual([]);
});
