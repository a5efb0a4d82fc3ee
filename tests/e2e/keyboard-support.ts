import { expect, type Page } from '@playwright/test';

/**
 * The keyboard audit of a screen (rules UI35, UI36): every visible control is reached by Tab, or belongs to a
 * roving-tabindex group that Tab reaches, and every element Tab focuses shows where the keyboard is. The page's own
 * helpers are installed as `window.__kbd` by `install` (one serialised function, so they share their code).
 */

export interface KeyboardFindings {
  /** Visible, enabled controls that Tab never focused, outside any roving group that Tab reached. */
  unreached: string[];
  /**
   * Elements that Tab focused without a visible focus indicator, with less than half of their outline in sight
   * (scrolled away, clipped by their container), or under another element.
   */
  invisible: string[];
  /** How many Tab presses one cycle took, and whether the focus came back to where it started. */
  presses: number;
  cycled: boolean;
}

interface Snapshot {
  outlineStyle: string;
  outlineWidth: number;
  outlineColor: string;
  boxShadow: string;
  border: string;
  visible: boolean;
}

/** An element's look and its nearest ancestors' (a field's ring is often drawn by its wrapper, `:focus-within`). */
type Looks = Snapshot[];

interface Stop {
  id: string;
  name: string;
  group: string | null;
  focused: Looks;
  /** The share of its outline band not cut off by clipping ancestors or the viewport (1 without an outline). */
  ring: number;
  /** What is drawn over the element's centre, if anything else is. */
  covered: string | null;
}

interface Collected {
  id: string;
  name: string;
  group: string | null;
}

declare global {
  interface Window {
    __kbd?: {
      collect: () => Collected[];
      focused: () => Promise<Stop | null>;
      rest: (ids: string[]) => Promise<Record<string, Looks>>;
    };
  }
}

/** Runs in the page: defines `window.__kbd`. Everything it uses is declared inside it. */
function install(): void {
  const CONTROLS = [
    'button',
    'a[href]',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    '[tabindex]:not([tabindex="-1"])',
    ...['button', 'tab', 'menuitem', 'link', 'checkbox', 'radio', 'switch', 'option'].map((r) => `[role="${r}"]`),
  ].join(',');
  // Roving-tabindex groups: one tab stop, the arrows move inside (WAI-ARIA), and the message list's roving focus.
  const GROUPS = [
    ...['tablist', 'listbox', 'menu', 'menubar', 'radiogroup', 'tree', 'grid'].map((r) => `[role="${r}"]`),
    '[data-testid="message-list"]',
  ].join(',');
  const WRAPPERS = 2;
  let next = 0;

  const shown = (el: Element): boolean => {
    if (el.closest('[inert],[aria-hidden="true"],[hidden]')) return false;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const disabled = (el: Element): boolean => el.matches(':disabled') || el.closest('[aria-disabled="true"]') !== null;

  const idOf = (el: Element): string => {
    let id = el.getAttribute('data-kbd');
    if (!id) {
      next += 1;
      id = `k${next}`;
      el.setAttribute('data-kbd', id);
    }
    return id;
  };

  const nameOf = (el: Element): string => {
    const h = el as HTMLElement & { labels?: NodeListOf<HTMLLabelElement>; value?: string; placeholder?: string };
    const by = el.getAttribute('aria-labelledby');
    let name =
      el.getAttribute('aria-label') ||
      (by
        ? by
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '');
    if (!name && h.labels?.length) name = Array.from(h.labels, (l) => l.textContent ?? '').join(' ');
    if (!name) name = h.innerText || h.value || h.placeholder || h.title || '';
    if (!name) name = el.querySelector('img[alt]')?.getAttribute('alt') ?? '';
    name = name.replace(/\s+/g, ' ').trim().slice(0, 40);
    const tag = el.tagName.toLowerCase();
    const kind = el.getAttribute('role') ?? (tag === 'input' ? `input[${(el as HTMLInputElement).type}]` : tag);
    const testid = el.getAttribute('data-testid');
    const cls = (typeof h.className === 'string' ? h.className : '').split(/\s+/)[0];
    return `${kind} "${name}"${testid ? ` #${testid}` : cls ? ` .${cls}` : ''}`;
  };

  const groupOf = (el: Element): string | null => {
    const group = el.closest(GROUPS);
    if (group) {
      let key = group.getAttribute('data-kbd-group');
      if (!key) {
        next += 1;
        key = `g${next}`;
        group.setAttribute('data-kbd-group', key);
      }
      return key;
    }
    // Native radios of one name are one tab stop too: Tab reaches the checked one, the arrows the others.
    if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) return `radio:${el.name}`;
    return null;
  };

  /** The element's focus-relevant look, once its transitions (a ring that fades in) have finished. */
  const look = async (el: Element): Promise<Snapshot> => {
    await Promise.all(
      el
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    );
    const css = getComputedStyle(el);
    return {
      outlineStyle: css.outlineStyle,
      outlineWidth: Number.parseFloat(css.outlineWidth) || 0,
      outlineColor: css.outlineColor,
      boxShadow: css.boxShadow,
      border: ['Top', 'Right', 'Bottom', 'Left']
        .map((side) => {
          const s = css as unknown as Record<string, string>;
          return `${s[`border${side}Width`]} ${s[`border${side}Style`]} ${s[`border${side}Color`]}`;
        })
        .join(' | '),
      visible: shown(el),
    };
  };

  /**
   * How much of the element's outline band is left once its scrolling or clipping ancestors and the viewport cut it
   * (1 when it draws none), and whether something else is drawn over its centre.
   */
  const exposure = (el: Element): { ring: number; covered: string | null } => {
    const css = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const hit = document.elementFromPoint(cx, cy);
    const covered =
      hit && !el.contains(hit) && !hit.contains(el) ? `${hit.tagName.toLowerCase()}.${hit.className}` : null;
    if (css.outlineStyle === 'none') return { ring: 1, covered };
    const offset = Number.parseFloat(css.outlineOffset) || 0;
    const width = Number.parseFloat(css.outlineWidth) || 0;
    type Rect = { l: number; t: number; r: number; b: number };
    const grow = (d: number): Rect => ({ l: box.left - d, t: box.top - d, r: box.right + d, b: box.bottom + d });
    let clip: Rect = { l: 0, t: 0, r: innerWidth, b: innerHeight };
    for (let up = el.parentElement; up; up = up.parentElement) {
      const o = getComputedStyle(up);
      if (o.overflowX === 'visible' && o.overflowY === 'visible') continue;
      const u = up.getBoundingClientRect();
      const l = u.left + up.clientLeft;
      const t = u.top + up.clientTop;
      clip = {
        l: Math.max(clip.l, l),
        t: Math.max(clip.t, t),
        r: Math.min(clip.r, l + up.clientWidth),
        b: Math.min(clip.b, t + up.clientHeight),
      };
    }
    const area = (a: Rect) => {
      const w = Math.min(a.r, clip.r) - Math.max(a.l, clip.l);
      const h = Math.min(a.b, clip.b) - Math.max(a.t, clip.t);
      return w > 0 && h > 0 ? w * h : 0;
    };
    const whole = (a: Rect) => (a.r - a.l) * (a.b - a.t);
    const outer = grow(offset + width);
    const inner = grow(offset);
    const band = whole(outer) - whole(inner);
    return { ring: band > 0 ? (area(outer) - area(inner)) / band : 1, covered };
  };

  /** The element and up to `WRAPPERS` ancestors, the ones a focus ring may be drawn on. */
  const looks = async (el: Element): Promise<Snapshot[]> => {
    const chain: Element[] = [el];
    for (let up = el.parentElement; up && up !== document.body && chain.length <= WRAPPERS; up = up.parentElement)
      chain.push(up);
    return Promise.all(chain.map(look));
  };

  const deepActive = (): Element | null => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el;
  };

  window.__kbd = {
    collect: () => {
      // Marks of an earlier audit would collide with this one's.
      for (const el of Array.from(document.querySelectorAll('[data-kbd],[data-kbd-group]'))) {
        el.removeAttribute('data-kbd');
        el.removeAttribute('data-kbd-group');
      }
      return Array.from(document.querySelectorAll(CONTROLS))
        .filter((el) => shown(el) && !disabled(el))
        .map((el) => ({ id: idOf(el), name: nameOf(el), group: groupOf(el) }));
    },
    focused: async () => {
      const el = deepActive();
      if (!el || el === document.body || el === document.documentElement) return null;
      return { id: idOf(el), name: nameOf(el), group: groupOf(el), focused: await looks(el), ...exposure(el) };
    },
    rest: async (ids) => {
      (deepActive() as HTMLElement | null)?.blur();
      const out: Record<string, Snapshot[]> = {};
      for (const id of ids) {
        const el = document.querySelector(`[data-kbd="${id}"]`);
        if (el) out[id] = await looks(el);
      }
      return out;
    },
  };
}

const transparent = (color: string) => color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color);

const drawsOutline = (look: Snapshot) =>
  look.outlineStyle !== 'none' && look.outlineWidth > 0 && !transparent(look.outlineColor);

/** Whether focus changed an element's box shadow or border to something seen, or drew an outline it had not. */
function changed(focused: Snapshot, rest: Snapshot): boolean {
  if (drawsOutline(focused) && !drawsOutline(rest)) return true;
  if (focused.boxShadow !== rest.boxShadow && focused.boxShadow !== 'none') return true;
  return focused.border !== rest.border;
}

/**
 * Whether the focus can be seen: the focused element is visible and draws an outline, or focus changed its box
 * shadow or border, or (a field inside its frame, a radio hidden in its button) that of a visible wrapper.
 */
export function showsFocus(focused: Looks, rest: Looks | undefined): boolean {
  const own = focused[0];
  if (!own) return false;
  if (own.visible && drawsOutline(own)) return true;
  if (!rest) return false;
  return focused.some((look, i) => look.visible && rest[i] !== undefined && changed(look, rest[i]));
}

/** The share of an outline that must be in sight: a ring cut to one edge reads as a divider, not as focus. */
const RING_SHOWN = 0.5;

/**
 * Presses Tab from wherever the focus is until it comes back to the first element it reached (at most `limit`
 * presses) and judges the screen: see `KeyboardFindings`.
 */
export async function auditKeyboard(page: Page, limit = 300): Promise<KeyboardFindings> {
  await page.evaluate(install);
  // The pointer off every control, so no hover look differs between the focused and the resting snapshot.
  await page.mouse.move(0, 0);
  const collected = await page.evaluate(() => window.__kbd?.collect() ?? []);
  const stops: Stop[] = [];
  let presses = 0;
  let cycled = false;
  let idle = 0;
  while (presses < limit) {
    await page.keyboard.press('Tab');
    presses += 1;
    const stop = await page.evaluate(() => window.__kbd?.focused() ?? null);
    if (!stop) {
      // Out of the document (past its last element): the next Tab comes back in. Only stuck if it never does.
      idle += 1;
      if (idle > 3) break;
      continue;
    }
    idle = 0;
    if (stops.length > 0 && stop.id === stops[0]?.id) {
      cycled = true;
      break;
    }
    if (stops.length > 2 && stops.slice(-2).every((s) => s.id === stop.id)) break; // a trap on one element
    stops.push(stop);
  }
  const reachedIds = new Set(stops.map((s) => s.id));
  const reachedGroups = new Set(stops.map((s) => s.group).filter((g): g is string => g !== null));
  const unreached = collected
    .filter((c) => !reachedIds.has(c.id) && !(c.group && reachedGroups.has(c.group)))
    .map((c) => c.name);
  const ids = [...reachedIds];
  const rest: Record<string, Looks> = await page.evaluate((list) => window.__kbd?.rest(list) ?? {}, ids);
  const seen = new Set<string>();
  const invisible = stops
    .filter((s) => {
      if (seen.has(s.id)) return false;
      seen.add(s.id);
      return !showsFocus(s.focused, rest[s.id]) || s.ring < RING_SHOWN || s.covered !== null;
    })
    .map((s) => {
      if (s.covered !== null) return `${s.name} (under ${s.covered})`;
      return s.ring < RING_SHOWN ? `${s.name} (${Math.round(s.ring * 100)}% of its ring in sight)` : s.name;
    });
  return { unreached: [...new Set(unreached)], invisible: [...new Set(invisible)], presses, cycled };
}

/** Audits the screen and asserts (softly, so one run lists every screen) that it has no finding. */
export async function expectKeyboardComplete(page: Page, where: string): Promise<KeyboardFindings> {
  const findings = await auditKeyboard(page);
  expect.soft(findings.unreached, `UI35 ${where}: controls Tab never reaches`).toEqual([]);
  expect.soft(findings.invisible, `UI36 ${where}: focused without a visible focus indicator`).toEqual([]);
  expect.soft(findings.cycled, `UI35 ${where}: Tab comes back around in ${findings.presses} presses`).toBe(true);
  return findings;
}
