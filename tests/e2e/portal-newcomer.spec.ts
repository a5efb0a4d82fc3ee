import { expect, type Page, test } from '@playwright/test';
import { CONFIRM, ENTERPRISE, SEEKER, signedIn } from './portal-support.ts';

/** What a newcomer found on the portal side: chat routes, dialogs, menu, regions, experts (POR25–POR32, PCP17–PCP18). */

const PHONE = { width: 375, height: 740 };

/** Relative luminance contrast of two `rgb(…)` colours (WCAG 2). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r = 0, g = 0, bl = 0] = (c.match(/[\d.]+/g) ?? []).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

test.describe('portal chat routes', () => {
  test('POR25 each identity has its own chat route; the other one is No permission', async ({ browser }) => {
    const seeker = await signedIn(browser, SEEKER.userID);
    const page = await seeker.newPage();
    await page.goto('/cuser_chat');
    await expect(page.getByTestId('guard-forbidden')).toBeVisible();
    await expect(page.getByRole('heading', { name: '消息' })).toHaveCount(0);
    await seeker.close();

    const enterprise = await signedIn(browser, ENTERPRISE.userID);
    const hr = await enterprise.newPage();
    await hr.goto('/user_chat');
    await expect(hr.getByTestId('guard-forbidden')).toBeVisible();
    // The refusal page opened directly still leads home.
    await hr.getByRole('button', { name: '返回首页' }).click();
    await expect(hr).toHaveURL(/\/$/);
    await enterprise.close();
  });

  test('POR25 logged out, /user_chat says Please log in and goes to / like every login route', async ({ page }) => {
    await page.goto('/user_chat');
    await expect(page.getByText('请先登录')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('POR25 /user_chat keeps the portal: slim header, the top bar back to the centre and home', async ({
    browser,
  }) => {
    for (const viewport of [{ width: 1366, height: 800 }, PHONE]) {
      const context = await signedIn(browser, SEEKER.userID, viewport);
      const page = await context.newPage();
      await page.goto('/user_chat');
      const banner = page.getByRole('banner');
      await expect(banner.getByTestId('city-switch')).toBeVisible();
      await expect(banner.getByTestId('top-user')).toHaveAttribute('href', '/user');
      await expect(banner.getByTestId('top-home')).toHaveAttribute('href', '/');
      await expect(page.getByRole('link', { name: '我的资料' })).toHaveCount(0);
      await expect(page.locator('a[href="/chat"]')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: '消息' })).toBeVisible();
      await noSidewaysScroll(page);
      await context.close();
    }
  });
});

test.describe('portal chrome a newcomer uses', () => {
  test('POR26 with every call failing, the home page shows one Request exception dialog and counts the rest', async ({
    page,
  }) => {
    await page.route('**/tapi/**', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto('/');
    await expect(page.getByTestId('request-exception-more')).toBeVisible();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveCount(1);
    const more = Number((await page.getByTestId('request-exception-more').textContent())?.match(/\d+/)?.[0]);
    expect(more).toBeGreaterThan(0);
    await page.getByRole('button', { name: CONFIRM }).click();
    // The next failure follows, alone.
    await expect(page.locator('.ant-modal-confirm-title')).toHaveCount(1);
  });

  test('POR28 one active menu entry on /zp; the full header has the category panel', async ({ page }) => {
    await page.goto('/zp?t=2');
    const menu = page.getByRole('navigation', { name: '主导航' });
    await expect(menu.locator('a[aria-current="page"]')).toHaveText(['校园招聘']);
    await page.goto('/zp?t=1');
    await expect(menu.locator('a[aria-current="page"]')).toHaveText(['招聘会']);

    await page.goto('/news');
    await page.getByTestId('category-toggle').click();
    const panel = page.getByRole('banner').getByTestId('category-panel');
    await expect(panel.getByRole('link')).toHaveCount(8);
    await panel.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/job\?hid=\d+$/);
  });

  test('POR27 the enterprise centre leads home', async ({ browser }) => {
    const context = await signedIn(browser, ENTERPRISE.userID);
    const page = await context.newPage();
    await page.goto('/cuser');
    await page.getByRole('banner').getByTestId('top-home').click();
    await expect(page).toHaveURL(/\/$/);
    await context.close();
  });

  test('POR29 /map tells the visitor kindly and the operator in the console; /screen’s home link is readable', async ({
    page,
  }) => {
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    await page.goto('/map?id=1');
    await expect(page.getByTestId('map-note')).toBeVisible();
    await expect(page.getByText(/未配置|VITE_PARLEY/)).toHaveCount(0);
    await expect.poll(() => logged.some((l) => l.includes('VITE_PARLEY_MAP_URL'))).toBe(true);

    await page.goto('/screen');
    const link = page.locator('.screen-page__home');
    await expect(link).toBeVisible();
    const [fg, bg] = await link.evaluate((a) => [
      getComputedStyle(a).color,
      getComputedStyle(a.closest('.screen-page') as Element).backgroundColor,
    ]);
    expect(contrast(fg ?? '', bg ?? '')).toBeGreaterThanOrEqual(4.5);
  });
});

test.describe('portal regions', () => {
  test('POR30 the résumé shows region names, and the editor restores a saved district', async ({ browser }) => {
    // Six page loads and two saves: more than one test's usual time on a loaded machine.
    test.slow();
    const context = await signedIn(browser, 'lina');
    const page = await context.newPage();
    await page.goto('/user_resumeshow');
    await expect(page.getByTestId('region-name')).toHaveText('山西省 / 太原市');
    await expect(page.getByText('140100')).toHaveCount(0);

    await page.goto('/user_resume');
    const picker = page.locator('.region-picker');
    await expect(picker).toContainText('山西省 / 太原市');
    await picker.click();
    await page.getByRole('option', { name: '小店区', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: /保\s?存/ }).click();
    await expect(page.getByText('简历已保存').last()).toBeVisible();
    await page.reload();
    await expect(page.locator('.region-picker')).toContainText('山西省 / 太原市 / 小店区');
    await page.goto('/user_resumeshow');
    await expect(page.getByTestId('region-name')).toHaveText('山西省 / 太原市 / 小店区');

    // Back to the city, as the demo data has it.
    await page.goto('/user_resume');
    await page.locator('.region-picker').click();
    // The levels above the district are buttons: the city is an answer of its own.
    await page.getByRole('dialog').getByRole('button', { name: '太原市', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /保\s?存/ }).click();
    await expect(page.getByText('简历已保存').last()).toBeVisible();
    await context.close();
  });

  test('POR31 at 375 px the region picker fits the window; placeholders never show in the field', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/job');
    await page.locator('.region-picker').click();
    const popup = page.getByRole('dialog');
    await expect(popup).toBeVisible();
    // The visitor's city (Taiyuan) is chosen: back to the provinces first.
    await popup.getByRole('button', { name: '全国', exact: true }).click();
    await page.getByRole('option', { name: '北京市', exact: true }).click();
    await page.getByRole('option', { name: '市辖区', exact: true }).click();
    const box = await popup.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Escape');
    await expect(page.locator('.region-picker')).toContainText('北京市');
    await expect(page.locator('.region-picker')).not.toContainText('市辖区');
    await noSidewaysScroll(page);
  });
  test('POR33 the region picker is a dialog a keyboard walks, level by level, in both languages', async ({ page }) => {
    // Three page loads and two languages: more than one test's usual time on a loaded machine.
    test.slow();
    await page.setViewportSize(PHONE);
    await page.goto('/job');
    const picker = page.locator('.region-picker');
    const dialog = page.getByRole('dialog', { name: '选择省 / 市 / 区' });
    // The visitor's city (Taiyuan) is chosen: the dialog opens on its districts. Cleared, it opens on the provinces.
    await picker.click();
    await expect(dialog.getByRole('option', { name: '小店区', exact: true })).toBeFocused();
    await dialog.getByRole('button', { name: '全国', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(picker).toHaveText(/选择省 \/ 市 \/ 区/);
    await picker.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('listbox', { name: '省份' })).toBeVisible();
    await expect(dialog.getByRole('option', { name: '北京市', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('option', { name: '天津市', exact: true })).toBeFocused();
    // A place with places under it is chosen and shows them; the focus goes to the next level's first option.
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: '天津市', exact: true })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await expect(dialog.getByRole('option', { name: '市辖区', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('option', { name: '和平区', exact: true })).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    // A place without places under it closes the dialog; the focus is back on the field, which names the choice.
    await page.keyboard.press(' ');
    await expect(dialog).toBeHidden();
    await expect(picker).toBeFocused();
    await expect(picker).toHaveText(/天津市 \/ 和平区/);
    await page.keyboard.press('Enter');
    const chosen = dialog.getByRole('option', { name: '和平区', exact: true });
    await expect(chosen).toHaveAttribute('aria-selected', 'true');
    await expect(chosen).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(picker).toBeFocused();

    await page.evaluate(() => localStorage.setItem('parley.language', 'en'));
    await page.reload();
    await picker.click();
    const en = page.getByRole('dialog', { name: 'Province / city / district' });
    await en.getByRole('searchbox', { name: 'Search regions' }).fill('小店');
    await en.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().click();
    await expect(en).toBeHidden();
    await expect(picker).toHaveText(/山西省 \/ 太原市 \/ 小店区/);
    await picker.click();
    await en.getByRole('button', { name: 'All of China' }).click();
    await expect(en.getByRole('listbox', { name: 'Provinces' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(picker).toHaveText(/Province \/ city \/ district/);
    await noSidewaysScroll(page);
  });
});

test.describe('portal content', () => {
  test('PCP18 the expert think-tank lists experts, not the training courses', async ({ browser }) => {
    const context = await signedIn(browser, SEEKER.userID);
    const page = await context.newPage();
    await page.goto('/expert');
    await expect(page.getByTestId('article-row').first()).toBeVisible();
    await expect(page.getByRole('link', { name: '刘建国' })).toBeVisible();
    await expect(page.getByText('前端开发入门训练营')).toHaveCount(0);
    await context.close();
  });
});
