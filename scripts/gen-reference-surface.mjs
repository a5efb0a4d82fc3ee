// Regenerates tests/compat/reference-surface.json from the reference SDK description (decision 0014):
// every instance method of §2–§8, the callExperimentalAPI keys of §9, the static members of §1, and every
// EVENT (§10) and TYPES (§11, plus the user-status values of §6) key with its value.
//   node scripts/gen-reference-surface.mjs [path/to/tim-sdk-api.md] [output.json]
// The fixture is checked in because the reference lives outside the repository (../shared may be absent in CI).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const source = resolve(process.argv[2] ?? '../shared/reference/tim-sdk-api.md');
const out = resolve(process.argv[3] ?? 'tests/compat/reference-surface.json');
const text = readFileSync(source, 'utf8');

/** The body of `## N. …` up to the next `## `. */
function section(n) {
  const start = text.search(new RegExp(`^## ${n}\\. `, 'm'));
  if (start < 0) throw new Error(`section ${n} not found`);
  const rest = text.slice(start + 3);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

// Methods: `name(` inside backticks in §2–§8, and §3.1's factory table, whose first column has bare names.
// `onProgress` is an application callback (§3.2); `create` is static (§2.1), listed under statics.
const NOT_METHODS = new Set(['onProgress', 'create']);
const methods = new Set();
for (const n of [2, 3, 4, 5, 6, 7, 8]) {
  for (const m of section(n).matchAll(/`(?:chat\.)?([a-z][A-Za-z0-9]*)\(/g)) {
    if (!NOT_METHODS.has(m[1])) methods.add(m[1]);
  }
}
const factories = section(3).split('### 3.2')[0];
for (const m of factories.matchAll(/^\| `([a-z][A-Za-z0-9]*)` \|/gm)) methods.add(m[1]);

// callExperimentalAPI keys: the longest backticked span of §9 (its key list).
const keyList = [...section(9).matchAll(/`([^`]+)`/g)].map((m) => m[1]).sort((a, b) => b.length - a.length)[0] ?? '';
const experimentalKeys = keyList
  .replace(/\([^)]*\)/g, '')
  .split(',')
  .map((k) => k.replace(/\(.*$/s, '').trim())
  .filter(Boolean);

// EVENT: first column (one or more constants separated by " / "), second column (as many values).
const events = {};
for (const row of section(10).matchAll(/^\| ([A-Z_ /]+?)(?: \*\(runtime[^)]*\)\*)? \| (.+?) \| .* \|$/gm)) {
  const names = row[1].split('/').map((s) => s.trim());
  const values = [...row[2].matchAll(/`([^`]+)`/g)].map((v) => v[1]);
  if (names.length !== values.length)
    throw new Error(`EVENT row ${row[0]}: ${names.length} names, ${values.length} values`);
  names.forEach((name, i) => {
    events[name] = values[i];
  });
}

// TYPES: §11 writes `NAME 'value'`, `NAME value`, `A`/`B 'value'`, `A`=`B 'value'`, and abbreviates a family's
// later members as `_SUFFIX`, relative to the family prefix below (the prefix of the family's first member).
const FAMILY_PREFIXES = [
  'MSG_PRIORITY',
  'CONV_MARK_TYPE',
  'GRP_MBR_ROLE',
  'JOIN_OPTIONS',
  'INVITE_OPTIONS',
  'JOIN_STATUS',
  'GRP_PROFILE',
  'GRP_TIP',
  'MSG_REMIND',
  'GENDER',
  'ALLOW_TYPE',
  'FORBID_TYPE',
  'KICKED_OUT',
  'NET_STATE',
  'SNS_ADD_TYPE',
  'SNS_DELETE_TYPE',
  'SNS_APPLICATION',
  'SNS_CHECK_TYPE',
  'SNS_TYPE',
];
const types = {};
let family = '';
const parseValue = (raw) => (raw.startsWith("'") ? raw.slice(1, -1) : Number(raw));
// Group system notice types have no TYPES constants (§11 says so); their paragraph is skipped.
const typesText = section(11).replace(/Group system notice operation types[\s\S]*?\n\n/, '');
// One match per run of names joined by / or = and ending in a value.
const run = /((?:`[A-Z_][A-Z0-9_]*`\s*[/=]\s*)*)`([A-Z_][A-Z0-9_]*)\s+('[^']*'|-?\d+)`/g;
for (const m of typesText.matchAll(run)) {
  const names = [...m[1].matchAll(/`([A-Z_][A-Z0-9_]*)`/g)].map((x) => x[1]);
  names.push(m[2]);
  for (let name of names) {
    if (name.startsWith('_')) {
      if (!family) throw new Error(`TYPES: ${name} abbreviates no family`);
      name = family + name;
    } else {
      family = FAMILY_PREFIXES.filter((p) => name.startsWith(`${p}_`)).sort((a, b) => b.length - a.length)[0] ?? '';
    }
    types[name] = parseValue(m[3]);
  }
}
// §6: `USER_STATUS_UNKNOWN 0, ONLINE 1, OFFLINE 2, UNLOGINED 3`.
const status = section(6).match(/`USER_STATUS_UNKNOWN 0,\s*([^`]+)`/);
if (!status) throw new Error('user status values not found in §6');
types.USER_STATUS_UNKNOWN = 0;
for (const part of status[1].split(',')) {
  const [name, value] = part.trim().split(/\s+/);
  types[`USER_STATUS_${name}`] = Number(value);
}

const statics = section(1).match(/Static members on the default export at runtime: ([^.]+)\./)?.[1] ?? '';
const fixture = {
  source: 'shared/reference/tim-sdk-api.md (@tencentcloud/chat 3.6.6)',
  statics: [...statics.matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]),
  methods: [...methods].sort(),
  experimentalKeys,
  EVENT: events,
  TYPES: types,
};
writeFileSync(out, `${JSON.stringify(fixture, null, 2)}\n`);
console.log(
  `wrote ${out}: ${fixture.methods.length} methods, ${experimentalKeys.length} experimental keys, ` +
    `${Object.keys(events).length} EVENT keys, ${Object.keys(types).length} TYPES keys`,
);
