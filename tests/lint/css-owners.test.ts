import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Decision 0028: the lint step fails when one class is styled in two stylesheets. Each case writes two small
 * sheets and runs the real script on them, as `npm run lint` does on the tracked sheets.
 */
const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const script = join(root, 'scripts/check-css-owners.mjs');
let scratch: string;

beforeAll(() => {
  mkdirSync(join(root, 'tests/.artifacts'), { recursive: true });
  scratch = mkdtempSync(join(root, 'tests/.artifacts/css-owners-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function check(a: string, b: string): Promise<{ ok: boolean; output: string }> {
  const dir = mkdtempSync(join(scratch, 'case-'));
  writeFileSync(join(dir, 'a.css'), a);
  writeFileSync(join(dir, 'b.css'), b);
  try {
    const { stdout, stderr } = await run(process.execPath, [script, join(dir, 'a.css'), join(dir, 'b.css')]);
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    if (e.code !== 1) throw error;
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('decision 0028: each CSS class is styled in one stylesheet', () => {
  it('decision 0028: fails when two sheets style the same class, naming the class', async () => {
    const result = await check(
      '.pc-tabs { display: flex; }\n',
      '.pc-home { color: red; }\n.pc-tabs { width: 72px; }\n',
    );
    expect(result.ok).toBe(false);
    expect(result.output).toContain('.pc-tabs is styled in 2 stylesheets');
  });

  it('decision 0028: passes two sheets that each style their own classes', async () => {
    const result = await check(
      '.pc-tabs { display: flex; }\n.pc-tabs__tab:focus-visible { outline: 0; }\n',
      '.pc-nav { width: 72px; }\n.pc-nav .pc-tabs { gap: 0; }\n@keyframes pc-spin { from { opacity: 0; } }\n',
    );
    expect(result.ok).toBe(true);
  });

  it('decision 0028: sees a second owner inside @media, after a comment, and in a selector list', async () => {
    const media = await check(
      '.pc-msg-row { padding: 6px; }\n',
      '@media (max-width: 768px) {\n  .pc-msg-row { padding: 5px; }\n}\n',
    );
    expect(media.ok).toBe(false);
    const list = await check(
      '.pc-link { color: blue; }\n',
      '/* { } */ .pc-jump:focus-visible,\n.pc-link:focus-visible { outline: 0; }\n',
    );
    expect(list.ok).toBe(false);
    expect(list.output).toContain('.pc-link is styled in 2 stylesheets');
  });
});
