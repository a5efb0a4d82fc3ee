import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  createUser,
  messages,
  openChat,
  PASSWORD,
  refuseSends,
  row,
  sendTexts,
  type TestUser,
  typeAndSend,
  uniqueID,
} from './chat-support.ts';

const CONFIRM = /^确\s?定$/;

/** Console errors, uncaught exceptions and CSP violations of a page, recorded from its first script on. */
async function watchErrors(context: BrowserContext, page: Page): Promise<string[]> {
  const errors: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}

async function signOutFromHome(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog').getByRole('button', { name: CONFIRM }).click();
  await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
}

const bodyOverflowY = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflowY);

/** HDR1 on the chat page: every dialog it has (Radix ones with their scroll lock, and antd's logout confirmation). */
async function chatDialogs(page: Page, peer: TestUser): Promise<void> {
  // The resend confirmation needs a failed message: the server refuses sends until `stop`.
  const refusal = await refuseSends(page, 'all');
  await page.goto('/chat');
  await row(page, peer).click();
  await expect(page.getByTestId('message').getByText('csp check')).toBeVisible();
  await page.getByRole('button', { name: '发起单聊' }).click();
  await page.getByRole('menuitem', { name: '发起单聊' }).click();
  const newChat = page.getByRole('dialog', { name: '发起单聊' });
  await expect(newChat).toBeVisible();
  // The scroll lock's <style> applied: it carries the nonce.
  await expect.poll(() => bodyOverflowY(page)).toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(newChat).toHaveCount(0);
  await row(page, peer).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '删除会话' }).click();
  const deleteDialog = page.getByTestId('delete-dialog');
  await deleteDialog.getByRole('button', { name: '取消' }).click();
  await expect(deleteDialog).toHaveCount(0);
  await typeAndSend(page, 'refused once');
  const failed = messages(page).filter({ hasText: 'refused once' });
  await failed.getByTestId('resend-button').click();
  const resend = page.getByRole('dialog', { name: '确认重新发送该消息？' });
  await resend.getByRole('button', { name: '取消' }).click();
  await expect(resend).toHaveCount(0);
  refusal.stop();
  // Logout from the chat page: antd's dialog outside the portal's ConfigProvider.
  await page.getByRole('button', { name: '退出登录' }).click();
  const logout = page.getByRole('dialog');
  await expect(logout).toBeVisible();
  await expect.poll(() => bodyOverflowY(page)).toBe('hidden');
  await logout.getByRole('button', { name: /^取\s?消$/ }).click();
  await expect(logout).toHaveCount(0);
  await expect.poll(() => bodyOverflowY(page)).not.toBe('hidden');
}

test.describe('sessions in the browser', () => {
  test('SES4 SES6 sign-out in one tab ends every tab; Back shows nothing of the old user', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'alice', '爱丽丝');
    const bob = await createUser(request, 'bob', `鲍勃${Date.now().toString(36)}`);
    const secret = `secret ${uniqueID('t')}`;
    await sendTexts(request, bob, alice, [secret]);
    const { context, page: first } = await openChat(browser, alice);
    await expect(row(first, bob)).toBeVisible();
    const second = await context.newPage();
    await second.goto('/chat');
    await expect(row(second, bob)).toBeVisible();
    await row(second, bob).click();
    await expect(second.getByTestId('message').getByText(secret)).toBeVisible();

    await signOutFromHome(first);

    // The other tab was kicked: it lands on the login page with nothing of alice left on screen.
    await expect(second).toHaveURL(/\/login/);
    await expect(second.getByLabel('账号', { exact: true })).toBeVisible();
    await expect(second.getByText(secret)).toHaveCount(0);
    await expect(second.getByText(bob.nick)).toHaveCount(0);
    expect(await second.evaluate(() => document.cookie)).not.toContain(alice.userID);

    // Back in the tab that signed out: the chat page does not come back.
    await first.goBack();
    await expect(first).toHaveURL(/\/login/);
    await expect(first.getByText(bob.nick)).toHaveCount(0);
    await context.close();
  });

  test('SES6 a chat page restored by Back after a sign-out elsewhere shows the login page', async ({
    browser,
    request,
  }) => {
    const carol = await createUser(request, 'carol', '卡萝尔');
    const dave = await createUser(request, 'dave', `戴夫${Date.now().toString(36)}`);
    await sendTexts(request, dave, carol, ['hello carol']);
    const { context, page } = await openChat(browser, carol);
    await expect(row(page, dave)).toBeVisible();
    // Leave the app with a full navigation (the chat page may go into the back/forward cache) ...
    await page.goto('/healthz');
    // ... sign out from another tab while away ...
    const other = await context.newPage();
    await signOutFromHome(other);
    // ... and come back.
    await page.goBack();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
    await expect(page.getByText(dave.nick)).toHaveCount(0);
    await context.close();
  });

  test('SES9 a logged-out page load logs no error in the console (no red 401 for the session probe)', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    const errors = await watchErrors(context, page);
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    for (const path of ['/', '/chat', '/login']) {
      await page.goto(path);
      await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
    }
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('HDR1 the app runs under its Content-Security-Policy with no violation (portal, chat, dialogs)', async ({
    browser,
    request,
  }) => {
    const erin = await createUser(request, 'erin', '艾琳');
    const frank = await createUser(request, 'frank', '弗兰克');
    await sendTexts(request, frank, erin, ['csp check']);
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    const errors = await watchErrors(context, page);
    const cspViolations = () => errors.filter((e) => /Content Security Policy|CSP violation/i.test(e));
    const response = await page.goto('/login');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/style-src 'self' 'nonce-[^']+'/);
    expect(csp).not.toContain('unsafe-inline');
    // The portal: the login form (antd) in both languages, then the profile page.
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByLabel('Account', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: '中文' }).click();
    await page.getByLabel('账号', { exact: true }).fill(erin.userID);
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: /^登\s?录$/ }).click();
    await expect(page.getByTestId('profile-nick')).toHaveText('艾琳');
    // A portal page loaded directly at an address the server does not list (it still gets its nonce).
    await page.goto('/no-such-page');
    await expect(page.getByTestId('profile-nick')).toHaveText('艾琳');
    await chatDialogs(page, frank);
    // Logout from the home page: antd's confirmation and its message, then the login page.
    await signOutFromHome(page);
    expect(cspViolations()).toEqual([]);
    await context.close();
  });

  test('SES10 /login?redirect=%2F%09%2Fother.example stays on this site after login', async ({ page, request }) => {
    const gina = await createUser(request, 'gina', '吉娜');
    await page.goto('/login?redirect=%2F%09%2Fother.example');
    await page.getByLabel('账号', { exact: true }).fill(gina.userID);
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: /^登\s?录$/ }).click();
    await expect(page.getByTestId('profile-nick')).toHaveText('吉娜');
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL ?? '').host);
  });

  test('THR6 a refused login (429) says so in the page language', async ({ page, request }) => {
    // Six password checks (scrypt) in a row: on a loaded machine they alone can take most of the default 30 s.
    test.setTimeout(360_000);
    const hana = await createUser(request, 'hana', '哈娜');
    // The route for the per-address limit (60007) below is in place from the start: turning interception on while a
    // login answer is still being read stalled that answer in Chromium, leaving the button loading.
    let perAddressLimit = false;
    await page.route('**/api/v1/auth/login', (route) =>
      perAddressLimit
        ? route.fulfill({ status: 429, json: { code: 60007, message: 'Too many requests, please retry later' } })
        : route.continue(),
    );
    await page.goto('/login');
    await page.getByRole('button', { name: 'English' }).click();
    for (let i = 0; i < 6; i += 1) {
      await page.getByLabel('Account', { exact: true }).fill(hana.userID);
      await page.getByLabel('Password', { exact: true }).fill(`wrong-${i}`);
      // One attempt at a time: the next starts when this one's answer is in (the alert alone may be the last one's).
      const answered = page.waitForResponse('**/api/v1/auth/login');
      await page.getByRole('button', { name: /^Log in$/ }).click();
      await answered;
      await expect(page.getByRole('alert')).toBeVisible();
    }
    await expect(page.getByRole('alert')).toHaveText('Too many failed logins, please try again in a minute');
    // The per-address request limit (60007) too.
    perAddressLimit = true;
    await page.getByRole('button', { name: '中文' }).click();
    const refused = page.waitForResponse('**/api/v1/auth/login');
    await page.getByRole('button', { name: /^登\s?录$/ }).click();
    await refused;
    await expect(page.getByRole('alert')).toHaveText('请求过于频繁，请稍后再试');
  });
});
