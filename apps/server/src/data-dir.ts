// Start-up's writes under the data dir, kept out of reading the configuration: the dir and uploads/ made
// owner-only, and the access-token secret generated once into data/ when JWT_SECRET is not set.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config, Settings } from './config';

/** The data dir and what is in it are the server's alone: database, secrets, uploads, account snapshots. */
function ownerOnlyDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** JWT_SECRET, or the one generated into data/ on first start and reused after. */
function jwtSecret(settings: Settings): Uint8Array {
  if (settings.jwtSecret) return settings.jwtSecret;
  const file = join(settings.dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function prepareDataDir(settings: Settings): Config {
  ownerOnlyDir(settings.dataDir);
  ownerOnlyDir(settings.uploadsDir);
  return { ...settings, jwtSecret: jwtSecret(settings) };
}
