import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');

/** Builds apps/web when its output is missing or stale (scripts/web-build.mjs), as `npm test` does before e2e. */
export async function ensureWebBuilt(): Promise<void> {
  const script = resolve(REPO_ROOT, 'scripts/web-build.mjs');
  const { buildWebIfNeeded } = (await import(script)) as { buildWebIfNeeded: () => boolean };
  const cwd = process.cwd();
  // The build script names its paths from the repository root.
  process.chdir(REPO_ROOT);
  try {
    buildWebIfNeeded();
  } finally {
    process.chdir(cwd);
  }
}
