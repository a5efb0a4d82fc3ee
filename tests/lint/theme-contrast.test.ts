import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { contrastRatio } from '../../packages/chat-react/src/theme/contrast.ts';

/**
 * UI16: every text/background pair of the design tokens reaches WCAG AA (4.5:1) in the light and the dark set, for
 * the chat kit (packages/chat-react/src/styles/theme.css) and the portal (apps/web/src/styles.css). Changing a token
 * to a colour that fails is caught here, before any page is drawn. The dark set written out again for
 * `prefers-color-scheme` must equal the one for `data-theme="dark"`.
 */

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The `--name: value` declarations of the block whose selector list ends with `selector {`. */
function tokens(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no block ${selector}`);
  const open = css.indexOf('{', start) + 1;
  const body = css.slice(open, css.indexOf('}', open));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]?.trim()]));
}

type Pairs = [foreground: string, backgrounds: string[]][];

function failures(set: Record<string, string>, pairs: Pairs, minimum: number): string[] {
  const out: string[] = [];
  for (const [fg, bgs] of pairs) {
    for (const bg of bgs) {
      const [f, b] = [set[fg], set[bg]];
      if (!f || !b) {
        out.push(`${fg} on ${bg}: token missing`);
        continue;
      }
      const ratio = contrastRatio(f, b);
      if (ratio < minimum) out.push(`${fg} ${f} on ${bg} ${b}: ${ratio.toFixed(2)}`);
    }
  }
  return out;
}

const KIT_SURFACES = [
  '--pc-bg',
  '--pc-panel',
  '--pc-chat-bg',
  '--pc-bubble-in',
  '--pc-hover',
  '--pc-selected',
  '--pc-pinned',
];
const KIT_TEXT: Pairs = [
  ['--pc-text', KIT_SURFACES],
  ['--pc-muted', KIT_SURFACES],
  ['--pc-accent', [...KIT_SURFACES, '--pc-accent-soft']],
  ['--pc-danger', ['--pc-bg', '--pc-panel', '--pc-hover', '--pc-bubble-in', '--pc-chat-bg']],
  ['--pc-on-accent', ['--pc-accent', '--pc-accent-hover']],
  ['--pc-on-badge', ['--pc-badge', '--pc-badge-muted']],
  ['--pc-on-danger', ['--pc-danger', '--pc-danger-hover']],
  ['--pc-banner-text', ['--pc-banner-bg']],
];
// Focus rings and the boundaries of controls: 3:1 against what they sit on (WCAG 1.4.11).
const KIT_UI: Pairs = [['--pc-focus', KIT_SURFACES]];

const PORTAL_SURFACES = ['--page-bg', '--header-bg', '--surface', '--surface-alt', '--bar-bg', '--hover'];
const PORTAL_TEXT: Pairs = [
  ['--text', PORTAL_SURFACES],
  ['--text-strong', PORTAL_SURFACES],
  ['--text-2', PORTAL_SURFACES],
  ['--text-3', PORTAL_SURFACES],
  ['--muted', PORTAL_SURFACES],
  ['--accent', [...PORTAL_SURFACES, '--accent-soft']],
  ['--on-accent', ['--accent', '--accent-hover']],
  ['--on-badge', ['--badge']],
  ['--salary', ['--surface']],
  ['--danger-text', ['--danger-bg']],
  ['--success-text', ['--success-bg']],
  ['--info-text', ['--info-bg']],
  ['--footer-text', ['--footer-bg']],
  ['--footer-link', ['--footer-bg']],
];
const PORTAL_UI: Pairs = [['--focus', PORTAL_SURFACES]];

describe('UI16 token contrast', () => {
  const kit = read('packages/chat-react/src/styles/theme.css');
  const kitSets = {
    light: tokens(kit, '.pc-theme--auto'),
    dark: tokens(kit, '[data-theme="dark"] .pc-theme--auto'),
  };
  const portal = read('apps/web/src/styles.css');
  const portalSets = {
    light: tokens(portal, ':root'),
    dark: tokens(portal, ':root[data-theme="dark"]'),
  };

  for (const theme of ['light', 'dark'] as const) {
    test(`UI16 kit ${theme}: text on every background at least 4.5:1, focus ring at least 3:1`, () => {
      expect(failures(kitSets[theme], KIT_TEXT, 4.5)).toEqual([]);
      expect(failures(kitSets[theme], KIT_UI, 3)).toEqual([]);
    });
    test(`UI16 portal ${theme}: text on every background at least 4.5:1, focus ring at least 3:1`, () => {
      expect(failures(portalSets[theme], PORTAL_TEXT, 4.5)).toEqual([]);
      expect(failures(portalSets[theme], PORTAL_UI, 3)).toEqual([]);
    });
  }

  test('UI13 the dark set for prefers-color-scheme repeats the data-theme="dark" set exactly', () => {
    expect(tokens(kit, '.pc-theme--auto:not([data-theme="light"] *)')).toEqual(kitSets.dark);
    expect(tokens(portal, ':root:not([data-theme="light"])')).toEqual(portalSets.dark);
  });
});
