import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * DEP1: every locked package accepts the oldest Node that the root package.json promises, so `npm ci`
 * on that Node prints no EBADENGINE warning. Reads the lock file, which is what `npm ci` installs.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

type Version = [number, number, number];

function parse(text: string): { v: Version; parts: number } {
  const nums = text
    .replace(/^v/, '')
    .split('.')
    .filter((p) => p !== '' && p !== 'x' && p !== '*');
  const v = [0, 1, 2].map((i) => Number(nums[i] ?? 0)) as Version;
  return { v, parts: nums.length };
}

function cmp(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}

/** One comparator of a semver range (`>=20.19`, `^20.12`, `20.x`, `*`), enough for engines fields. */
function satisfiesOne(node: Version, comparator: string): boolean {
  const m = /^(>=|<=|>|<|\^|~|=)?(.*)$/.exec(comparator) as RegExpExecArray;
  const op = m[1] ?? '';
  const { v, parts } = parse(m[2] as string);
  if (parts === 0) return op === '' || op === '>=' || op === '^' || op === '~';
  const c = cmp(node, v);
  const upper: Version =
    op === '^' && v[0] > 0 ? [v[0] + 1, 0, 0] : op === '~' && parts > 1 ? [v[0], v[1] + 1, 0] : [v[0] + 1, 0, 0];
  if (op === '>=') return c >= 0;
  if (op === '>') return c > 0;
  if (op === '<=') return c <= 0;
  if (op === '<') return c < 0;
  if (op === '^' || op === '~') return c >= 0 && cmp(node, upper) < 0;
  // A bare partial version (`20`, `20.x`) matches every release it names.
  return node.slice(0, parts).every((n, i) => n === v[i]);
}

export function satisfies(version: string, range: string): boolean {
  const node = parse(version).v;
  return range.split('||').some((alt) => {
    const comparators = alt
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return comparators.length === 0 || comparators.every((c) => satisfiesOne(node, c));
  });
}

describe('DEP1 Node version', () => {
  it('DEP1 the range checker reads the engines forms used in the lock file', () => {
    expect(satisfies('20.19.0', '>=22')).toBe(false);
    expect(satisfies('20.19.0', '18 || 20 || >=22')).toBe(true);
    expect(satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies('20.19.0', '^20.20.0 || >=22.12.0')).toBe(false);
    expect(satisfies('20.19.0', '>= 0.8')).toBe(true);
    expect(satisfies('20.19.0', '20.x || 22.x')).toBe(true);
    expect(satisfies('20.19.0', '^20.12||^22||>=24')).toBe(true);
    expect(satisfies('20.19.0', '>=16 || 14 >=14.17')).toBe(true);
    expect(satisfies('20.19.0', '*')).toBe(true);
  });

  it('DEP1 every locked package supports the oldest Node the root package.json allows', () => {
    const minimum = /^>=\s*([0-9.]+)$/.exec(readJson('package.json').engines.node)?.[1];
    expect(minimum).toBeDefined();
    const lock = readJson('package-lock.json') as { packages: Record<string, { engines?: { node?: string } }> };
    const refused = Object.entries(lock.packages)
      .filter(([, p]) => typeof p.engines?.node === 'string' && !satisfies(minimum as string, p.engines.node))
      .map(([path, p]) => `${path} needs node ${p.engines?.node}`);
    expect(refused).toEqual([]);
  });
});
