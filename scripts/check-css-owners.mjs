#!/usr/bin/env node
// Fails when one CSS class is styled in more than one stylesheet (decision 0028): with two owners the rule that
// loads later wins, so an unrelated sheet can silently restyle a component. A rule belongs to the first class of
// its selector (`.pc-msg--out .pc-reactions` is owned by `.pc-msg--out`), inside @media and @supports too.
// Usage: node scripts/check-css-owners.mjs [sheet.css ...]   (no arguments: every tracked sheet in apps/ and packages/)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The style rules' selector lists of one stylesheet, at any at-rule depth (keyframe steps are not selectors). */
export function selectorsOf(text) {
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  const selectors = [];
  const stack = [];
  let chunk = '';
  for (const ch of source) {
    if (ch === '{') {
      const head = chunk.slice(chunk.lastIndexOf(';') + 1).trim();
      const inKeyframes = stack.some((h) => /^@(-\w+-)?keyframes\b/.test(h));
      if (!head.startsWith('@') && !inKeyframes) selectors.push(...head.split(','));
      stack.push(head);
      chunk = '';
    } else if (ch === '}') {
      stack.pop();
      chunk = '';
    } else {
      chunk += ch;
    }
  }
  return selectors.map((s) => s.trim()).filter(Boolean);
}

/** The class a selector belongs to: its first class, wherever the selector starts (`select.pc-x` → `pc-x`). */
export function ownerClass(selector) {
  return selector.match(/\.(-?[A-Za-z_][\w-]*)/)?.[1] ?? null;
}

/** Classes styled in two or more of the given sheets, each with the sheets that style it. */
export function sharedClasses(sheets) {
  const owners = new Map();
  for (const { path, text } of sheets) {
    for (const cls of new Set(selectorsOf(text).map(ownerClass).filter(Boolean))) {
      owners.set(cls, [...(owners.get(cls) ?? []), path]);
    }
  }
  return [...owners].filter(([, paths]) => paths.length > 1).map(([cls, paths]) => ({ cls, paths }));
}

function trackedSheets() {
  return execFileSync('git', ['ls-files', '--', 'apps', 'packages'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => f.endsWith('.css') && !f.includes('/dist/'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const paths = process.argv.length > 2 ? process.argv.slice(2) : trackedSheets();
  const shared = sharedClasses(paths.map((path) => ({ path, text: readFileSync(path, 'utf8') })));
  for (const { cls, paths: where } of shared) {
    console.error(`.${cls} is styled in ${where.length} stylesheets: ${where.join(', ')}`);
  }
  if (shared.length > 0) {
    console.error(`${shared.length} class(es) styled in more than one stylesheet: give each one owner (decision 0028)`);
    process.exit(1);
  }
  console.log(`css owners: ${paths.length} stylesheets, every class styled in one`);
}
