import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './portal-support.ts';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Boxes in the viewport of the side bar and of what it must never cover, with the page scrolled to its end. */
async function boxesAtEnd(page: Page) {
  // The page may still grow (the centre's sections load after the first paint): scroll to the end on every check,
  // until a check finds the page scrolled to its end.
  await page.waitForFunction(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
  });
  return page.evaluate(() => {
    const box = (e: Element | Range) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const bar = document.querySelector('[data-testid="side-bar"]');
    const covered = Array.from(document.querySelectorAll('.site-footer__qr, .centre__body'), box);
    // The copyright row spans the width; what must stay visible is its text.
    const copyright = document.querySelector('.site-footer__copyright');
    const walker = copyright ? document.createTreeWalker(copyright, NodeFilter.SHOW_TEXT) : null;
    for (let node = walker?.nextNode(); node; node = walker?.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      covered.push(box(range));
    }
    return { bar: bar ? box(bar) : null, covered };
  });
}

for (const width of [320, 390, 768, 1024, 1280, 1440]) {
  test(`POR24 at ${width} px the side bar covers neither the footer's QR codes, the copyright nor the centre`, async ({
    browser,
  }) => {
    const context = await signedIn(browser, 'zhangwei', { width, height: 800 });
    const page = await context.newPage();
    await page.goto('/user');
    await expect(page.getByTestId('centre-heading')).toBeVisible();
    await expect(page.locator('.site-footer__qr img')).toHaveCount(2);
    // What is measured must be there first: the centre's body renders after its heading, the footer's line may follow.
    await expect(page.locator('.centre__body')).toBeVisible();
    await expect(page.locator('.site-footer__copyright')).toContainText('©');
    const { bar, covered } = await boxesAtEnd(page);
    expect(bar).not.toBeNull();
    expect(covered.length, JSON.stringify(covered)).toBeGreaterThanOrEqual(4);
    for (const b of covered) expect(overlap(bar as Box, b), JSON.stringify({ bar, b })).toBe(false);
    // Wide enough for the gutter: a column beside the content at any scroll position, never a dock.
    if (width >= 1264) {
      const main = await page.locator('.centre').boundingBox();
      expect((bar as Box).x).toBeGreaterThanOrEqual((main?.x ?? 0) + (main?.width ?? 0));
    }
    await context.close();
  });
}
