import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, expectTheme } from './a11y-support.ts';
import { SEEKER, signedIn } from './portal-support.ts';

/**
 * Theme and accessibility of the portal (decision 0031, UI13–UI19): axe finds nothing serious or critical on the
 * home, login and a centre page in light and dark (by the system and by the header's switch), the switch persists
 * and applies to the chat page too, and a portal dialog closed with Escape gives focus back to its opener.
 */

const PAGES = [
  { path: '/', ready: (page: Page) => expect(page.locator('.home-hero')).toBeVisible() },
  {
    path: '/login',
    ready: (page: Page) => expect(page.getByRole('button', { name: /登\s?录/ }).first()).toBeVisible(),
  },
];

test('UI13 UI15 UI16 home and login: nothing serious for axe in light and dark, by the system and by the switch', async ({
  page,
}) => {
  test.slow();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const { path, ready } of PAGES) {
      await page.goto(path);
      await ready(page);
      await expectTheme(page, scheme);
      await expectNoSeriousViolations(page, `${path} ${scheme} (system)`);
    }
  }
  // The switch against the system: Dark under a light system, kept across a reload.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await page.getByTestId('theme-switch').first().selectOption('dark');
  await expectTheme(page, 'dark');
  const pageBg = () => page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect.poll(pageBg).not.toBe('rgb(244, 246, 250)');
  await page.reload();
  await expectTheme(page, 'dark');
  await expect(page.getByTestId('theme-switch').first()).toHaveValue('dark');
  await expectNoSeriousViolations(page, '/ dark (switch)');
  // System follows the emulated scheme.
  await page.getByTestId('theme-switch').first().selectOption('system');
  await expectTheme(page, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectTheme(page, 'dark');
});

test('UI13 UI15 UI19 a centre page in light and dark; the chat page follows the switch; Escape returns focus from the logout dialog', async ({
  browser,
}) => {
  test.slow();
  const context = await signedIn(browser, SEEKER.userID);
  const page = await context.newPage();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/user');
    await expect(page.locator('.centre__menu')).toBeVisible();
    await expectTheme(page, scheme);
    await expectNoSeriousViolations(page, `/user ${scheme} (system)`);
  }
  // Dark chosen on the portal, the system light: the chat page opens dark.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByTestId('theme-switch').first().selectOption('dark');
  await page.goto('/user_chat');
  await expectTheme(page, 'dark');
  await expect(page.getByRole('listbox', { name: '会话列表' }).or(page.getByText('暂无会话'))).toBeVisible();
  await expect(page.getByTestId('theme-switch')).toHaveValue('dark');

  // The logout dialog (antd) opened by keyboard, closed with Escape: focus is back on its button.
  const logout = page.getByRole('button', { name: '退出登录' });
  await logout.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'logout dialog, dark');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(logout).toBeFocused();
  await context.close();
});

test('UI33 portal form labels and inputs are drawn in the page’s font stack, Chinese in Noto Sans CJK SC', async ({
  page,
}) => {
  await page.goto('/login?f=1');
  const label = page.locator('.ant-form-item-label label').first();
  await expect(label).toBeVisible();
  const family = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => getComputedStyle(el).fontFamily);
  expect(await family('.ant-form-item-label label')).toBe(await family('body'));
  expect(await family('.ant-form-item-label label')).toContain('Noto Sans CJK SC');
  // What Chromium really drew the label's glyphs with (the font stack alone would not show a per-glyph fallback).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', {
    nodeId: root.nodeId,
    selector: '.ant-form-item-label label',
  });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  expect(fonts.map((f) => f.familyName)).toEqual(['Noto Sans CJK SC']);
});

test('UI34 at 375 and 320 px the job search boxes show their whole placeholder, in both languages', async ({
  page,
}) => {
  for (const language of ['zh', 'en'] as const) {
    await page.goto('/job');
    await page.evaluate((lang) => localStorage.setItem('parley.language', lang), language);
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 740 });
      await page.reload();
      await expect(page.getByTestId('job-card').first()).toBeVisible();
      const cut = await page.locator('input[placeholder]').evaluateAll((inputs) =>
        inputs
          .filter((input) => input.getBoundingClientRect().width > 0)
          .map((input) => {
            const el = input as HTMLInputElement;
            const s = getComputedStyle(el);
            const context = document.createElement('canvas').getContext('2d');
            if (!context) return `${el.placeholder}: no canvas`;
            context.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
            const room = el.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
            const need = context.measureText(el.placeholder).width;
            return need > room ? `"${el.placeholder}" needs ${Math.ceil(need)} px, has ${Math.floor(room)}` : '';
          })
          .filter(Boolean),
      );
      expect(cut, `${language} at ${width} px`).toEqual([]);
    }
  }
});
