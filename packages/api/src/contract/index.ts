// Node-side access to the contract: its path (for the server's validator) and a validator over it (for tests).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { createContractValidator, type ContractDocument } from './validator';

export * from './validator';

/** Absolute path of the root openapi.yaml. */
export const contractPath = fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url));

export function loadContract(): ContractDocument {
  return parse(readFileSync(contractPath, 'utf8')) as ContractDocument;
}

let shared: ReturnType<typeof createContractValidator> | undefined;
export function contractValidator() {
  shared ??= createContractValidator(loadContract());
  return shared;
}
