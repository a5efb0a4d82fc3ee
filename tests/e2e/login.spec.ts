import { expect, type Page, test } from '@playwright/test';

/** Demo accounts seeded by the server into an empty data directory (apps/server/src/app/demo-seed.ts). */
const PASSWORD = 'parley123';

// antd puts a space between the two characters of a two-character Chinese button label ("登 录").
const SUBMIT = /^登\s?录$/;
const CONFIRM = /^确\s?定$/;

async function logIn(page: Page, account: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('账号', { exact: true }).fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: SUBMIT }).click();
}

test.describe('portal login', () => {
  test('logging in as zhangwei shows his profile, read through the SDK', async ({ page, context }) => {
    // The SDK authenticates with the session's userSig; the cookie session alone does not reach this route.
    const sdkProfileRequest = page.waitForRequest(
      (req) =>
        new URL(req.url()).pathname === '/api/v1/profile' && /^Bearer \S+/.test(req.headers().authorization ?? ''),
    );
    await logIn(page, 'zhangwei');

    await expect(page).toHaveURL(/\/$/);
    await sdkProfileRequest;
    await expect(page.getByTestId('profile-nick')).toHaveText('张伟');
    await expect(page.getByTestId('profile-userid')).toHaveText('zhangwei');
    await expect(page.getByText('1996-03-12')).toBeVisible();
    await expect(page.getByText('求职者', { exact: true })).toBeVisible();

    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    expect(cookies.userid?.value).toBe('zhangwei');
    expect(cookies.identity?.value).toBe('1');
    expect(cookies.parley_sid?.httpOnly).toBe(true);
  });

  test('a wrong password shows the generic error and stays on /login', async ({ page }) => {
    await logIn(page, 'lina', 'not-the-password');

    await expect(page.getByRole('alert').filter({ hasText: '账号或密码错误' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('profile-nick')).toHaveCount(0);
  });

  test('an unknown account gets the same generic error', async ({ page }) => {
    await logIn(page, 'nobody_here');
    await expect(page.getByRole('alert').filter({ hasText: '账号或密码错误' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logging in with a mobile number works', async ({ page }) => {
    await logIn(page, '13800000002');

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('profile-nick')).toHaveText('李娜');
    await expect(page.getByTestId('profile-userid')).toHaveText('lina');
  });

  test('the login heading follows ?f= (job seeker or enterprise)', async ({ page }) => {
    await page.goto('/login?f=2');
    await expect(page.getByRole('heading', { name: '企业登录' })).toBeVisible();
    await page.goto('/login?f=1');
    await expect(page.getByRole('heading', { name: '求职者登录' })).toBeVisible();
  });

  test('switching to English changes the texts live and is remembered', async ({ page }) => {
    await logIn(page, 'wangfang');
    await expect(page.getByTestId('profile-nick')).toHaveText('王芳');
    await expect(page.getByRole('heading', { name: '我的资料' })).toBeVisible();

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    // wangfang has neither signature nor birthday.
    await expect(page.getByText('not set')).toHaveCount(2);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();

    await page.getByRole('button', { name: '中文' }).click();
    await expect(page.getByRole('heading', { name: '我的资料' })).toBeVisible();
    await expect(page.getByText('未设置')).toHaveCount(2);
  });

  test('logout confirms, says so, ends the session, and a reload stays logged out', async ({ page, context }) => {
    await logIn(page, 'taiyuan_tech');
    await expect(page.getByTestId('profile-nick')).toHaveText('太原智联科技');

    await page.getByRole('button', { name: '退出登录' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('确定要退出登录吗？')).toBeVisible();
    await dialog.getByRole('button', { name: CONFIRM }).click();

    // Seed 001 §4: 'Logged out', then home 0.5 s later. The message outlives the page that offered logout: it is
    // still there on the home page, whose login box shows for the visitor the user now is.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '退出登录' })).toHaveCount(0);
    await expect(page.getByText('已退出登录')).toBeVisible();

    // Seed 001 §4: the user is at / (the portal's home, whose login box shows for a visitor).
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain('userid');
    expect(names).not.toContain('identity');
  });

  test('cancelling the logout dialog keeps the session', async ({ page }) => {
    await logIn(page, 'jinshang_hr');
    await expect(page.getByTestId('profile-nick')).toHaveText('晋商人力');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^取\s?消$/ })
      .click();
    await page.reload();
    await expect(page.getByTestId('profile-nick')).toHaveText('晋商人力');
  });
});
