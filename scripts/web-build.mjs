// Builds the web app when its output is missing or older than any source it depends on.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
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
const DIST = 'apps/web/dist';
const OUTPUT = `${DIST}/index.html`;
/** Where the build beside other steps writes (relative to apps/web), before it moves the whole into DIST. */
const NEXT = 'dist.next';

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((n) => newest(join(path, n))));
}

function upToDate(force) {
  const built = existsSync(OUTPUT) ? statSync(OUTPUT).mtimeMs : 0;
  return !force && built > 0 && built >= Math.max(...SOURCES.map(newest));
}

export function buildWebIfNeeded({ force = false } = {}) {
  if (upToDate(force)) return false;
  console.log('Building the web app (apps/web) …');
  execFileSync('npm', ['run', 'build', '-w', '@parley/web'], { stdio: 'inherit' });
  return true;
}

/**
 * The same, without blocking, for `npm test`, which runs it beside the type-check (output into `out` when given). It
 * builds into apps/web/dist.next and then renames that to dist, so a server started meanwhile (servers serve
 * apps/web/dist when it has an index.html) finds the old build or the whole new one, never one that vite is still
 * writing. Rejects when the build fails.
 */
export async function buildWebIfNeededAsync({ force = false, out = process.stdout } = {}) {
  if (upToDate(force)) return false;
  out.write('Building the web app (apps/web) …\n');
  const next = join('apps/web', NEXT);
  rmSync(next, { recursive: true, force: true });
  // npm hands the arguments after `--` to the script's last command, `vite build`.
  const args = ['run', 'build', '-w', '@parley/web', '--', '--outDir', NEXT, '--emptyOutDir'];
  const code = await new Promise((done) => {
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => out.write(d));
    child.stderr.on('data', (d) => out.write(d));
    child.on('error', (err) => {
      out.write(`npm: ${err.message}\n`);
      done(1);
    });
    child.on('close', done);
  });
  if (code !== 0) throw new Error(`the web build failed (exit ${code})`);
  // A stale build moves aside first: a rename cannot replace a directory that has files.
  const old = join('apps/web', 'dist.old');
  rmSync(old, { recursive: true, force: true });
  if (existsSync(DIST)) renameSync(DIST, old);
  renameSync(next, DIST);
  rmSync(old, { recursive: true, force: true });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfNeeded({ force: process.argv.includes('--force') });
