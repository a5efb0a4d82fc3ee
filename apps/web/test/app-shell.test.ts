import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_SHELL } from '../vite.config.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCES = ['apps/web/src', 'packages/sdk/src', 'packages/protocol/src'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Static imports only: a dynamic import() starts a chunk of its own and is allowed to reach antd. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1] ?? '');
}

/** The modules `file` pulls in through static imports (local ones followed), with the package each imports. */
function antdReachedFrom(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const found: string[] = [];
  for (const spec of staticImports(file)) {
    if (/^(antd|@ant-design|@rc-component)(\/|$)/.test(spec)) found.push(`${file.slice(ROOT.length + 1)} → ${spec}`);
    else if (spec.startsWith('.')) found.push(...antdReachedFrom(resolve(dirname(file), spec), seen));
  }
  return found;
}

describe('the app-shell chunk (decision 0009)', () => {
  it('WEB1 nothing the app-shell group takes reaches Ant Design through static imports, so /chat loads no antd', () => {
    const shell = SOURCES.flatMap((d) => filesUnder(join(ROOT, d))).filter((f) => APP_SHELL.test(f));
    expect(shell.length).toBeGreaterThan(20);
    expect(shell.flatMap((f) => antdReachedFrom(f))).toEqual([]);
  });

  it('WEB1 the check sees an antd import where there is one (the login form, kept out of the group)', () => {
    const loginForm = join(ROOT, 'apps/web/src/components/login-form.tsx');
    expect(APP_SHELL.test(loginForm)).toBe(false);
    expect(antdReachedFrom(loginForm).length).toBeGreaterThan(0);
  });
});
