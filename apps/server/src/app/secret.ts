import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Creates the data directory readable by the server's user only (rule HDR6): it holds the database, the
 * secret and uploads. An existing directory is left as its owner set it.
 */
export function ensureDataDir(dataDir: string): void {
  const created = mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // mkdir applies the umask; a umask can only remove bits, but say it plainly.
  if (created !== undefined) chmodSync(dataDir, 0o700);
}

/**
 * The signing secret: from PARLEY_SECRET, or generated once and kept in the data dir with mode 0600
 * so restarts keep every issued userSig valid. Several nodes must share PARLEY_SECRET.
 */
export function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    const value = readFileSync(file, 'utf8').trim();
    if (value.length >= 32) return value;
    throw new Error(`${file}: the stored secret is too short; delete it to generate a new one`);
  }
  ensureDataDir(dataDir);
  const value = randomBytes(48).toString('base64url');
  writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  return value;
}
