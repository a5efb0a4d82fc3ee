import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import TencentCloudChat, { isNotYet } from '@parley/chat';
import { afterAll, describe, expect, it } from 'vitest';
import { ABILITIES, abilityBuilt } from '../../packages/sdk/src/compat/abilities.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const doc = readFileSync(join(ROOT, 'docs/COMPATIBILITY.md'), 'utf8');
const surface = JSON.parse(readFileSync(join(import.meta.dirname, 'reference-surface.json'), 'utf8')) as {
  methods: string[];
  experimentalKeys: string[];
  EVENT: Record<string, string>;
};
const chat = TencentCloudChat.create({ SDKAppID: 1_400_009_902, serverURL: 'http://127.0.0.1:9' });
afterAll(() => chat.destroy());

/** The rows `| \`name\` | status | notes |` of the section `## <title>`. */
function rows(title: string): { name: string; cells: string[] }[] {
  const start = doc.indexOf(`## ${title}`);
  if (start < 0) throw new Error(`docs/COMPATIBILITY.md has no section "${title}"`);
  const body = doc.slice(start).split(/\n## /)[0]?.split('\n').slice(1) ?? [];
  return body
    .map((line) => /^\| `([A-Za-z_]+)` \|(.*)\|$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ name: m[1] ?? '', cells: (m[2] ?? '').split('|').map((c) => c.trim()) }));
}

/** Names listed more than once. */
const duplicates = (names: string[]) => names.filter((name, i) => names.indexOf(name) !== i);

/** Decision 0014: docs/COMPATIBILITY.md says what the code does. */
describe('docs/COMPATIBILITY.md is in step with the SDK', () => {
  const methods = rows('Methods');

  it('CMP12 every reference method is listed once, and nothing else', () => {
    const listed = methods.map((r) => r.name);
    expect(duplicates(listed)).toEqual([]);
    expect([...listed].sort()).toEqual([...surface.methods].sort());
  });

  it('CMP12 "not yet" exactly for the not-yet stubs; "partly" says what differs', () => {
    const wrong: string[] = [];
    for (const { name, cells } of methods) {
      const [status = '', note = ''] = cells;
      expect(['supported', 'partly', 'not yet'], name).toContain(status);
      const stub = isNotYet(chat, name);
      if (status === 'not yet' && !stub) wrong.push(`${name}: built now, mark it supported or partly`);
      if (status !== 'not yet' && stub) wrong.push(`${name}: a not-yet stub, mark it not yet`);
      if (status === 'partly' && note === '') wrong.push(`${name}: partly, but the notes do not say what differs`);
    }
    expect(wrong).toEqual([]);
  });

  it('CMP27 "Not yet" names exactly the not-yet methods, each with its reason, and counts them', () => {
    const start = doc.indexOf('## Not yet');
    expect(start, 'docs/COMPATIBILITY.md has a "## Not yet" section').toBeGreaterThan(0);
    const section = doc.slice(start).split(/\n## /)[0] ?? '';
    const table = [...section.matchAll(/^\| ([^|`]+) \| ((?:`\w+`(?:, )?)+) \| ([^|]*) \|$/gm)];
    const named = table.flatMap((m) => [...(m[2] ?? '').matchAll(/`(\w+)`/g)].map((n) => n[1] ?? ''));
    const notYet = methods.filter((r) => r.cells[0] === 'not yet').map((r) => r.name);
    expect(duplicates(named)).toEqual([]);
    expect([...named].sort()).toEqual([...notYet].sort());
    expect(notYet.filter((name) => !isNotYet(chat, name))).toEqual([]);
    for (const [, feature = '', , reason = ''] of table) expect(reason.trim(), feature).not.toBe('');
    expect(section).toContain(`**${notYet.length}** methods of the reference answer 2998`);
  });

  it('CMP12 every EVENT constant and every callExperimentalAPI key of the reference is listed', () => {
    const events = rows('Events');
    expect(duplicates(events.map((r) => r.name))).toEqual([]);
    expect(events.map((r) => r.name).sort()).toEqual(Object.keys(surface.EVENT).sort());
    for (const { name, cells } of events) {
      expect(cells[0], name).toBe(`\`${surface.EVENT[name]}\``);
      expect(['emitted', 'partly', 'not yet'], name).toContain(cells[1]);
    }
    const keysSection = doc.slice(doc.indexOf('## callExperimentalAPI keys'), doc.indexOf('## Events'));
    const missing = surface.experimentalKeys.filter((key) => !keysSection.includes(`\`${key}\``));
    expect(missing).toEqual([]);
  });

  it('CMP12 the version the page names is the VERSION the SDK reports', () => {
    expect(doc).toContain(`\`@tencentcloud/chat\` **${TencentCloudChat.VERSION}**`);
  });

  it('CMP12 the abilities table names the methods of each ability and says whether it is enabled, as the code does', () => {
    const section = doc.slice(doc.indexOf('| Bit | Ability |'), doc.indexOf('## Methods'));
    const listed = [...section.matchAll(/^\| 2\^(\d+) \| `(\w+)` \| ([^|]*) \| (yes|no)\b[^|]* \|$/gm)];
    expect(listed.map((m) => 2 ** Number(m[1])).sort()).toEqual(Object.keys(ABILITIES).map(Number).sort());
    for (const [, power, feature, needs = '', enabled] of listed) {
      const bit = 2 ** Number(power);
      const ability = ABILITIES[bit];
      expect(feature, `2^${power}`).toBe(ability?.feature);
      expect(
        [...needs.matchAll(/`(\w+)`/g)].map((m) => m[1]),
        feature,
      ).toEqual(ability?.methods);
      expect(enabled, `${feature}: the Enabled column`).toBe(abilityBuilt(chat, bit) ? 'yes' : 'no');
    }
  });
});
