import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { CONTRAST_PENDING } from './contrast-pending.ts';
import { DEVICES, parseVariant, type State, type Variant } from './variants.ts';

/**
 * The three guards run on every state × variant (VIS1): a screenshot against its committed baseline, axe-core's
 * WCAG 2.2 AA rules, and the layout (no sideways overflow, nothing of the open surface off screen, no clipped label).
 */

/**
 * The browser's clock for every page of the suite (VIS4): frozen at the hour the run started (the runner publishes it
 * to its workers, so one run sees one time). Not a fixed date: with the browser months behind the server the
 * seeker centre stays on 'Loading…'. No picture shows it: the kit's time labels are left out and the portal's dates
 * read 2026-03-02 (freezeDates).
 */
export const FIXED_TIME = new Date(
  Number(process.env.PARLEY_VISUAL_NOW ?? Math.floor(Date.now() / 3_600_000) * 3_600_000),
);
/** VIS5: measured stable across consecutive runs; a moved label or a restyled panel is far above it. */
export const MAX_DIFF_PIXEL_RATIO = 0.002;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Server timestamps of staged messages change with the run's wall clock: left out of every picture (VIS4). */
const HIDE_TIMES = fileURLToPath(new URL('./hide-times.css', import.meta.url));

/** One logged-in (or visitor) context per account and variant, kept while the loop stays on that variant. */
export async function openContext(
  browser: Browser,
  variant: Variant,
  login: { account: string; password: string } | null,
): Promise<{ context: BrowserContext; page: Page }> {
  const { language, device, scheme } = parseVariant(variant);
  const context = await browser.newContext({
    viewport: DEVICES[device],
    deviceScaleFactor: 1,
    locale: language === 'en' ? 'en-US' : 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    colorScheme: scheme,
    reducedMotion: 'reduce',
    // The app's Content-Security-Policy admits only its own nonce'd styles; hide-times.css is injected for the capture.
    bypassCSP: true,
  });
  await context.addInitScript((lang) => localStorage.setItem('parley.language', lang), language);
  if (login) {
    const response = await context.request.post('/api/v1/auth/login', { data: login });
    expect(response.ok(), await response.text()).toBe(true);
  }
  const page = await context.newPage();
  await page.clock.setFixedTime(FIXED_TIME);
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  return { context, page };
}

/** Waits until nothing is still arriving: fonts, images, no toast or antd message left, no spinner. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(page.locator('.ant-message-notice, .page-spinner, .ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  await page.waitForFunction(
    () => document.fonts.status === 'loaded' && Array.from(document.images).every((i) => i.complete),
  );
}

/**
 * The portal's demo content is dated from the day the server seeded it: every `YYYY-MM-DD` on the page reads the
 * fixed day instead (same length, so the layout is the one the real date gives). Only for the picture (VIS4).
 */
async function freezeDates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (/\d{4}-\d{2}-\d{2}/.test(text)) node.textContent = text.replace(/\d{4}-\d{2}-\d{2}/g, '2026-03-02');
    }
  });
}

/** VIS6: the picture of the state matches its baseline within MAX_DIFF_PIXEL_RATIO. */
export async function expectPicture(page: Page, state: State, variant: Variant): Promise<void> {
  await settle(page);
  await freezeDates(page);
  await expect(page).toHaveScreenshot(`${state.name}--${variant}.png`, {
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
    fullPage: state.fullPage ?? false,
    maxDiffPixelRatio: MAX_DIFF_PIXEL_RATIO,
    stylePath: HIDE_TIMES,
    mask: (state.mask ?? []).map((s) => page.locator(s)),
  });
}

interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
  detail: string;
}

/** VIS7: no serious or critical axe violation; each one is printed (rule, target, summary) when the test fails. */
export async function expectAccessible(page: Page, state: State, variant: Variant): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const found: Violation[] = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
      detail: v.nodes.map((n) => n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '').join(' | '),
    }));
  const report = (list: Violation[]) =>
    list.map((v) => `${v.impact} ${v.id}: ${v.help}\n  at ${v.targets.join('\n  at ')}\n  ${v.detail}`).join('\n');
  const key = `${state.name}--${variant}`;
  const reportTo = process.env.PARLEY_VISUAL_CONTRAST_REPORT;
  const contrast = found.filter((v) => v.id === 'color-contrast');
  if (reportTo && contrast.length > 0) {
    // Maintenance only (decision 0036): lists the colour findings, one JSON line each, to rebuild CONTRAST_PENDING.
    for (const v of contrast)
      appendFileSync(reportTo, `${JSON.stringify({ key, targets: v.targets, detail: v.detail })}\n`);
  }
  if (CONTRAST_PENDING.has(key) || (reportTo && contrast.length > 0)) {
    // VIS8: colour contrast is the theme's to fix; the entry must go once it passes, and nothing else may fail.
    expect(contrast.length, `${key} passes colour contrast now: remove it from CONTRAST_PENDING`).toBeGreaterThan(0);
    const others = found.filter((v) => v.id !== 'color-contrast');
    expect(others, `axe violations in ${key}:\n${report(others)}`).toEqual([]);
    return;
  }
  expect(found, `axe violations in ${key}:\n${report(found)}`).toEqual([]);
}

/**
 * VIS9, VIS10: the page does not scroll sideways; every element of the open surface lies inside the viewport; no tab
 * or labelled button has its text cut (scrollWidth > clientWidth) unless it carries a title with the whole text.
 */
export async function expectLaidOut(page: Page, state: State): Promise<void> {
  // Polled: after a resize the layout follows a frame later.
  await expect.poll(() => layoutProblems(page, state), { message: `layout of ${state.name}` }).toEqual([]);
}

function layoutProblems(page: Page, state: State): Promise<string[]> {
  return page.evaluate((surface) => {
    const out: string[] = [];
    const width = window.innerWidth;
    const scroll = document.documentElement.scrollWidth;
    if (scroll > width) out.push(`the page is ${scroll}px wide on a ${width}px screen`);
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${Array.from(el.classList).join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
    };
    /** Inside a box that scrolls or clips: its own edges are what counts, not the viewport's. */
    const clippedBy = (el: Element, root: Element) => {
      for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    if (surface) {
      for (const root of Array.from(document.querySelectorAll(surface))) {
        if (!visible(root)) continue;
        for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
          if (!visible(el) || (el !== root && clippedBy(el, root))) continue;
          const r = el.getBoundingClientRect();
          if (r.left < -1 || r.right > width + 1) out.push(`${describe(el)} spans ${r.left}..${r.right} of ${width}px`);
        }
      }
    }
    const labelled = Array.from(document.querySelectorAll('[role="tab"], button, [role="button"], [role="menuitem"]'));
    for (const el of labelled) {
      if (!visible(el) || !(el.textContent ?? '').trim()) continue;
      for (const part of [el, ...Array.from(el.querySelectorAll('*'))]) {
        // A visually hidden label (1 px, for screen readers) is not cut text; a titled one shows its whole text.
        if (!visible(part) || part.clientWidth <= 1 || part.closest('[title]')) continue;
        const s = getComputedStyle(part);
        const clips = s.overflowX !== 'visible' || s.textOverflow === 'ellipsis';
        if (clips && part.scrollWidth > part.clientWidth + 1)
          out.push(`${describe(part)} cut: ${part.scrollWidth}px of text in ${part.clientWidth}px`);
      }
    }
    return out;
  }, state.surface ?? null);
}
