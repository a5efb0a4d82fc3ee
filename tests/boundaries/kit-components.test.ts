import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0030: every kit component reads the kit's type through its context, so a component reachable from
 * `ChatKit` (its parts, their stores and helpers) closes an import cycle. Type-only imports count, as they do for
 * the cycle check.
 */
const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../packages/chat-react/src');

function reachable(from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      if (spec && /\.tsx?$/.test(spec)) visit(resolve(dirname(file), spec));
    }
  };
  visit(from);
  return seen;
}

describe('what the chat kit type reaches (decision 0030)', () => {
  it('ChatKit, its parts and their stores reach no component module', () => {
    const modules = [...reachable(resolve(src, 'provider/chat-kit.ts'))].map((f) => relative(src, f));
    expect(modules).toContain('group/groups-part.ts');
    expect(modules).toContain('actions/commands/message-actions-kit.ts');
    expect(modules.filter((f) => f.endsWith('.tsx'))).toEqual([]);
  });
});
