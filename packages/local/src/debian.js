// Debian packages a local run needs (PostgreSQL, nginx), installed with apt-get when missing, as the bootstrap
// installs Chromium for the browser tests: root only, otherwise the error names the command to run.
import { spawnSync } from 'node:child_process';

/**
 * Installs Debian's `name` with apt-get; `check` says whether it is there already (before and after).
 * @param {string} name
 * @param {() => boolean} check
 */
export function ensureDebianPackage(name, check) {
  if (check()) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error(
      `${name} is missing. Install it with: sudo apt-get update && sudo apt-get install -y ${name}`,
    );
  }
  console.log(`[recell] installing Debian's ${name} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', name],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status})`);
  }
  if (!check()) throw new Error(`apt-get installed ${name}, but it is still not found`);
}
