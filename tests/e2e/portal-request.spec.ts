import { expect, test } from '@playwright/test';
import { CONFIRM } from './portal-support.ts';

/** Seed 001 §8 (POR4, POR5): transport failures open 'Request exception'; other codes go to the caller. */
test.describe('portal request layer', () => {
  test('POR4 a refused call (HTTP 500) opens Request exception with the error and a confirm button', async ({
    page,
  }) => {
    await page.route('**/tapi/job/list', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/job');
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('请求异常');
    await expect(dialog).toContainText('"status":500');
    await dialog.getByRole('button', { name: CONFIRM }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('加载失败，请稍后再试')).toBeVisible();
  });

  test('POR4 an unreachable server opens Request exception too', async ({ page }) => {
    await page.goto('/news');
    await expect(page.getByTestId('article-row').first()).toBeVisible();
    await page.route('**/tapi/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '考试报名' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('请求异常');
    await expect(dialog).toContainText('Failed to fetch');
  });

  test('POR5 a code other than 1 reaches the page unchanged, without the dialog', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('姓名').fill('重复的人');
    await page.getByLabel('手机号').fill('13800000001');
    await page.getByLabel('密码', { exact: true }).fill('chongfu2026');
    await page.getByRole('button', { name: /^注\s?册$/ }).click();
    await expect(page.getByRole('alert')).toHaveText('该手机号已注册');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/register$/);
  });
});
