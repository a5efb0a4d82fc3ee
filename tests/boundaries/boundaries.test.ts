import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * BND: the dependency-boundary check must fail on each forbidden import. Each case writes a tiny
 * fake tree with one bad import and runs the real depcruise CLI with the repo's configuration.
 */
const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const config = join(root, '.dependency-cruiser.cjs');
const bin = join(root, 'node_modules/.bin/depcruise');
let scratch: string;

beforeAll(() => {
  mkdirSync(join(root, 'tests/.artifacts'), { recursive: true });
  scratch = mkdtempSync(join(root, 'tests/.artifacts/boundaries-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function cruise(files: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  const dir = mkdtempSync(join(scratch, 'case-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  const targets = [...new Set(Object.keys(files).map((p) => p.split('/')[0] as string))];
  try {
    const { stdout } = await run(bin, ['--config', relative(dir, config), ...targets], { cwd: dir });
    return { ok: true, output: stdout };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('BND dependency boundaries', () => {
  const cases: [string, string, Record<string, string>][] = [
    [
      'BND1 a package importing an app',
      'apps-only-from-tests',
      {
        'packages/sdk/src/a.ts': "import { x } from '../../../apps/server/src/x.ts';\nexport const a = x;\n",
        'apps/server/src/x.ts': 'export const x = 1;\n',
      },
    ],
    [
      'BND2 one app importing another',
      'no-cross-app-imports',
      {
        'apps/web/src/a.ts': "import { x } from '../../server/src/x.ts';\nexport const a = x;\n",
        'apps/server/src/x.ts': 'export const x = 1;\n',
      },
    ],
    [
      'BND3 the server importing the SDK',
      'server-not-client',
      {
        'apps/server/src/a.ts': "import { x } from '../../../packages/sdk/src/x.ts';\nexport const a = x;\n",
        'packages/sdk/src/x.ts': 'export const x = 1;\n',
      },
    ],
    [
      'BND4 the SDK importing the UI kit',
      'sdk-below-ui',
      {
        'packages/sdk/src/a.ts': "import { x } from '../../chat-react/src/x.ts';\nexport const a = x;\n",
        'packages/chat-react/src/x.ts': 'export const x = 1;\n',
      },
    ],
    [
      'BND5 domain importing Fastify',
      'domain-is-pure',
      {
        'apps/server/src/domain/a.ts': "import Fastify from 'fastify';\nexport const a = Fastify;\n",
      },
    ],
    [
      'BND6 domain importing Kysely',
      'domain-is-pure',
      {
        'apps/server/src/domain/a.ts': "import { Kysely } from 'kysely';\nexport const a = Kysely;\n",
      },
    ],
    [
      'BND7 domain importing an adapter',
      'domain-not-adapters',
      {
        'apps/server/src/domain/a.ts': "import { s } from '../storage/s.ts';\nexport const a = s;\n",
        'apps/server/src/storage/s.ts': 'export const s = 1;\n',
      },
    ],
    [
      'BND8 two modules importing each other, even for types only',
      'no-circular',
      {
        'packages/sdk/src/a.ts': "import type { B } from './b.ts';\nexport interface A { b?: B }\n",
        'packages/sdk/src/b.ts': "import type { A } from './a.ts';\nexport interface B { a?: A }\n",
      },
    ],
  ];

  for (const [title, rule, files] of cases) {
    it(`${title} fails the check with rule ${rule}`, async () => {
      const result = await cruise(files);
      expect(result.ok).toBe(false);
      expect(result.output).toContain(rule);
    });
  }

  it('BND0 allowed imports pass: tests importing an app, the server importing protocol', async () => {
    const result = await cruise({
      'tests/a.ts': "import { x } from '../apps/server/src/x.ts';\nexport const a = x;\n",
      'apps/server/src/x.ts': "import { p } from '../../../packages/protocol/src/p.ts';\nexport const x = p;\n",
      'packages/protocol/src/p.ts': 'export const p = 1;\n',
    });
    expect(result.output).toContain('no dependency violations');
    expect(result.ok).toBe(true);
  });
});
