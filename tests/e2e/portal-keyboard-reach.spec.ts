import { expect, test } from '@playwright/test';
import { expectKeyboardComplete } from './keyboard-support.ts';
import { SEEKER, signedIn } from './portal-support.ts';

/**
 * Every control of the portal's main screens is reachable and operable by keyboard with a visible focus (UI35–UI37):
 * the home page and the job list (signed in as the demo job seeker) and the login page, at 1366 px in Chinese.
 */

const DESKTOP = { width: 1366, height: 800 };

test('UI35 UI36 keyboard: Tab reaches every control of the home page, the job list and the login page, each with a visible focus', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const context = await signedIn(browser, SEEKER.userID, DESKTOP);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('.home-hero')).toBeVisible();
  await expect(page.getByRole('banner').getByTestId('top-user')).toHaveText('张伟');
  await expectKeyboardComplete(page, 'home');

  await page.goto('/job');
  await expect(page.getByTestId('job-card').first()).toBeVisible();
  await expectKeyboardComplete(page, 'job list');
  await context.close();

  const guest = await browser.newContext({ locale: 'zh-CN', viewport: DESKTOP });
  const login = await guest.newPage();
  await login.goto('/login');
  await expect(login.getByRole('button', { name: /^登\s?录$/ }).first()).toBeVisible();
  await expectKeyboardComplete(login, 'login');
  await guest.close();
});

test('UI37 keyboard: Enter on a job card opens the job; Enter in the login form submits it', async ({ browser }) => {
  const context = await signedIn(browser, SEEKER.userID, DESKTOP);
  const page = await context.newPage();
  await page.goto('/job');
  const title = page.getByTestId('job-card').first().locator('.job-card__title');
  const name = ((await title.textContent()) ?? '').trim();
  await title.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/injob\?id=\d+$/);
  await expect(page.locator('h1').first()).toHaveText(name);
  await context.close();

  const guest = await browser.newContext({ locale: 'zh-CN', viewport: DESKTOP });
  const login = await guest.newPage();
  await login.goto('/login');
  await login.getByLabel('账号', { exact: true }).focus();
  await login.keyboard.type(SEEKER.userID);
  await login.keyboard.press('Tab');
  await expect(login.getByLabel('密码', { exact: true })).toBeFocused();
  await login.keyboard.type('parley123');
  await login.keyboard.press('Enter');
  await expect(login).toHaveURL(/\/$/);
  await expect(login.getByRole('banner').getByTestId('top-user')).toHaveText('张伟');
  await guest.close();
});
