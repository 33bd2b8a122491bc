#!/usr/bin/env node
// Checks the static Storybook (`npm run build-storybook`, in storybook-static/ or the folder given): every
// story file on disk is in its index.json with one story per named export, the index names no file that is
// gone, and the pages load nothing from another host (the build works offline).
import { existsSync, globSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = resolve(root, process.argv[2] ?? 'storybook-static');
const storyGlobs = ['packages/ui/src/**/*.stories.tsx', 'apps/web/src/**/*.stories.tsx'];

const problems = [];
const indexFile = join(out, 'index.json');
if (!existsSync(indexFile)) {
  console.error(
    `storybook build check: ${relative(root, indexFile)} is missing; run npm run build-storybook`,
  );
  process.exit(1);
}
const { entries } = JSON.parse(readFileSync(indexFile, 'utf8'));
const storiesByFile = new Map();
for (const entry of Object.values(entries)) {
  if (entry.type !== 'story') continue;
  const file = entry.importPath.replace(/^\.\//, '');
  storiesByFile.set(file, (storiesByFile.get(file) ?? 0) + 1);
}

const files = storyGlobs.flatMap((pattern) => globSync(pattern, { cwd: root })).sort();
if (files.length === 0) problems.push(`no story files match ${storyGlobs.join(', ')}`);
for (const file of files) {
  // every named export of a stories file is a story (no excludeStories here)
  const exports = readFileSync(join(root, file), 'utf8').match(/^export const \w+/gm)?.length ?? 0;
  const indexed = storiesByFile.get(file) ?? 0;
  if (indexed === 0) problems.push(`${file}: not in the index`);
  else if (indexed !== exports)
    problems.push(`${file}: ${indexed} stories in the index, ${exports} exported`);
}
for (const file of storiesByFile.keys())
  if (!files.includes(file)) problems.push(`${file}: in the index but not on disk`);

for (const page of ['index.html', 'iframe.html']) {
  const html = readFileSync(join(out, page), 'utf8');
  const remote = html.match(/<(?:script|link)\b[^>]*\b(?:src|href)=["']?(?:https?:)?\/\/[^"'\s>]+/gi) ?? [];
  for (const tag of remote) problems.push(`${page} loads from another host: ${tag}`);
}

if (problems.length > 0) {
  console.error(`storybook build check failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
const count = [...storiesByFile.values()].reduce((sum, n) => sum + n, 0);
console.log(
  `storybook build check: ${files.length} story files, ${count} stories, all indexed; no remote assets`,
);
