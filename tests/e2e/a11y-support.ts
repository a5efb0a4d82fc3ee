import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Accessibility helpers of the theme specs (decision 0031): axe over WCAG 2.2 AA, and where the keyboard's focus is
 * and whether it can be seen.
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** The serious and critical axe violations on the page, one line per element, so a failure names what to fix. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} ${n.target.join(' ')} :: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ')}`),
    );
}

/** Asserts axe finds nothing serious or critical; `where` names the screen and theme. Soft: one run lists every screen. */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  expect.soft(await seriousViolations(page), where).toEqual([]);
}

/** The resolved theme the page shows, as `<html data-theme>` says and the page's colour scheme applies. */
export async function expectTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** The focused element's outline, as computed: a visible focus indicator has a style other than none and a width. */
export async function focusOutline(
  page: Page,
): Promise<{ style: string; width: number; testid: string | null; className: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { style: 'none', width: 0, testid: null, className: '' };
    const css = getComputedStyle(el);
    return {
      style: css.outlineStyle,
      width: Number.parseFloat(css.outlineWidth) || 0,
      testid: el.dataset.testid ?? null,
      className: el.className,
    };
  });
}

/** Presses Tab until `isTarget` holds for the focused element (at most `limit` presses); returns whether it did. */
export async function tabUntil(page: Page, isTarget: () => Promise<boolean>, limit = 80): Promise<boolean> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await isTarget()) return true;
  }
  return false;
}
