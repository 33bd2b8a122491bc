// Writes src/generated/schema.ts from the root openapi.yaml with openapi-typescript.
// `--check` writes nothing and fails when the committed file has drifted from the contract.
import { readFile, writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';

const contract = new URL('../../../openapi.yaml', import.meta.url);
const target = new URL('../src/generated/schema.ts', import.meta.url);
const header = '// Generated from openapi.yaml by `npm run generate`. Do not edit by hand.\n\n';

const ast = await openapiTS(contract, { alphabetize: false, immutable: false });
const generated = header + astToString(ast);

if (process.argv.includes('--check')) {
  const committed = await readFile(target, 'utf8').catch(() => '');
  if (committed !== generated) {
    console.error(
      'packages/api/src/generated/schema.ts is out of date with openapi.yaml: run `npm run generate`.',
    );
    process.exit(1);
  }
  console.log('generated types match openapi.yaml');
} else {
  await writeFile(target, generated);
  console.log('wrote packages/api/src/generated/schema.ts');
}
