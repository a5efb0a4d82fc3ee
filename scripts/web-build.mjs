// Builds the web app when its output is missing or older than any source it depends on.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/sdk/src',
  'packages/chat-react/src',
  'packages/protocol/src',
];
const OUTPUT = 'apps/web/dist/index.html';

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((n) => newest(join(path, n))));
}

export function buildWebIfNeeded({ force = false } = {}) {
  const built = existsSync(OUTPUT) ? statSync(OUTPUT).mtimeMs : 0;
  if (!force && built > 0 && built >= Math.max(...SOURCES.map(newest))) return false;
  console.log('Building the web app (apps/web) …');
  execFileSync('npm', ['run', 'build', '-w', '@parley/web'], { stdio: 'inherit' });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfNeeded({ force: process.argv.includes('--force') });
