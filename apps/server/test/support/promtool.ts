import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isCI } from './services.ts';

const PROMTOOL = process.env.PARLEY_PROMTOOL ?? '/usr/bin/promtool';

/**
 * promtool (Debian package `prometheus`) checks the exposition and the alert rules. Locally a missing promtool
 * skips those tests with a printed reason; in CI (.ci/run installs it) it is an error.
 */
export function promtoolPath(): string | undefined {
  if (existsSync(PROMTOOL)) return PROMTOOL;
  if (isCI()) throw new Error(`CI requires promtool at ${PROMTOOL} (apt-get install prometheus)`);
  console.warn(`SKIPPED: promtool checks — no promtool at ${PROMTOOL} (apt-get install prometheus)`);
  return undefined;
}

/** Runs promtool with `args`, `input` on its standard input; returns its exit status and output. */
export function promtool(path: string, args: string[], input?: string): { status: number; output: string } {
  const r = spawnSync(path, args, { input, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status ?? -1, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}
