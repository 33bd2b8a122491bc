// `npm start`, after the bootstrap: runs whatever parts of the product exist yet, and says what it ran.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const server = join(root, 'apps', 'server', 'package.json');

if (existsSync(server)) {
  const child = spawn('npm', ['run', 'start', '-w', '@recell/server'], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(`ReCell: nothing to serve yet.
  What exists: the API contract (openapi.yaml), the typed client, the contract-driven mocks and the seed
  fixtures (packages/api). The server (apps/server) and the web app (apps/web) are still to come;
  when they land, npm start runs them here and prints the URL and the demo accounts.`);
}
