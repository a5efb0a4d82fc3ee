import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test, type WebSocketRoute } from '@playwright/test';
import { E2E_ADMIN_KEY } from './e2e-env.ts';

/**
 * The screenshots in docs/screenshots (issue 4 §11): two demo users chatting, desktop 1280x800 and mobile 390x844,
 * Chinese and English. Not a test; refresh them with
 * `PARLEY_SCREENSHOTS=1 npx playwright test -c e2e/playwright.config.ts` (in tests/, after building the web app).
 */
const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const DEMO_PASSWORD = 'parley123';

async function send(page: Page, from: string, to: string, texts: string[]) {
  const sig = await page.request.post('/admin/v1/usersig', {
    headers: { 'x-parley-admin-key': E2E_ADMIN_KEY },
    data: { userID: from },
  });
  const { userSig } = (await sig.json()) as { userSig: string };
  for (const [i, text] of texts.entries()) {
    await page.request.post('/api/v1/messages', {
      headers: { authorization: `Bearer ${userSig}` },
      data: {
        ID: `shot-${from}-${Date.now()}-${i}`,
        conversationType: 'C2C',
        to,
        type: 'TIMTextElem',
        payload: { text },
      },
    });
  }
}

async function open(browser: Browser, account: string, viewport: { width: number; height: number }, english = false) {
  const context = await browser.newContext({ viewport, locale: english ? 'en-US' : 'zh-CN', deviceScaleFactor: 1 });
  if (english) await context.addInitScript(() => localStorage.setItem('parley.language', 'en'));
  await context.request.post('/api/v1/auth/login', { data: { account, password: DEMO_PASSWORD } });
  const page = await context.newPage();
  await page.goto('/chat');
  await expect(page.getByTestId('conversation-row').first()).toBeVisible();
  return page;
}

/** Routes the page's push socket through the test, so a screenshot can show the connection lost. */
async function cuttable(page: Page): Promise<() => Promise<void>> {
  let cut = false;
  const open: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws/, async (ws) => {
    if (cut) return ws.close({ code: 1013, reason: 'screenshot: network down' });
    ws.connectToServer();
    open.push(ws);
  });
  await page.reload();
  await expect(page.getByTestId('conversation-row').first()).toBeVisible();
  return async () => {
    cut = true;
    for (const ws of open.splice(0)) await ws.close({ code: 1013, reason: 'screenshot: network down' });
  };
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(OUT, name) });
const rowOf = (page: Page, userID: string) => page.locator(`[data-conversation-id="C2C${userID}"]`);

test('screenshots of the chat', async ({ browser, page }) => {
  test.setTimeout(120_000);
  mkdirSync(OUT, { recursive: true });
  await send(page, 'taiyuan_tech', 'zhangwei', [
    '张先生您好，面试定在下周二上午 10:00，地址：小店区长治路 111 号 5 层前台。',
    '到了以后请联系 HR 李女士，带上简历和身份证。',
  ]);
  await send(page, 'jinshang_hr', 'zhangwei', ['您好，我们这边有一个前端开发的岗位，薪资 12-18K，您有兴趣吗？']);

  // zhangwei on a phone: the list with unread badges, then the chat.
  const phone = await open(browser, 'zhangwei', { width: 390, height: 844 });
  await shot(phone, 'mobile-zh-list.png');
  await rowOf(phone, 'taiyuan_tech').click();
  await expect(phone.getByTestId('message-list')).toBeVisible();
  await phone.getByTestId('message-input').fill('收到，谢谢！我周二上午准时到。');
  await phone.getByTestId('message-input').press('Enter');
  await expect(phone.getByTestId('read-state').last()).toBeVisible();

  // taiyuan_tech on a desktop: the conversation side by side, with Read under what zhangwei saw.
  const desk = await open(browser, 'taiyuan_tech', { width: 1280, height: 800 });
  await rowOf(desk, 'zhangwei').click();
  await expect(desk.locator('.pc-text').getByText('收到，谢谢！我周二上午准时到。')).toBeVisible();
  await desk.getByTestId('message-input').fill('好的，期待与您见面！<b>带上作品集</b>更好。');
  await desk.getByTestId('message-input').press('Enter');
  await expect(phone.locator('.pc-text').getByText('期待与您见面', { exact: false })).toBeVisible();
  await expect(desk.getByTestId('read-state').last()).toHaveText('已读');
  await shot(desk, 'desktop-zh-chat.png');
  await shot(phone, 'mobile-zh-chat.png');

  // The context menu of a row.
  await rowOf(desk, 'lina').click({ button: 'right' });
  await expect(desk.getByRole('menuitem', { name: '置顶会话' })).toBeVisible();
  await shot(desk, 'desktop-zh-menu.png');
  await desk.keyboard.press('Escape');

  // English: zhangwei on a desktop, and on a phone.
  const deskEn = await open(browser, 'zhangwei', { width: 1280, height: 800 }, true);
  const cut = await cuttable(deskEn);
  await rowOf(deskEn, 'taiyuan_tech').click();
  await expect(deskEn.getByTestId('message-input')).toHaveAttribute('placeholder', 'Enter a message');
  await expect(deskEn.locator('.pc-text').getByText('收到，谢谢！我周二上午准时到。')).toBeVisible();
  await shot(deskEn, 'desktop-en-chat.png');
  const phoneEn = await open(browser, 'zhangwei', { width: 390, height: 844 }, true);
  await rowOf(phoneEn, 'taiyuan_tech').click();
  await expect(phoneEn.getByTestId('message-input')).toHaveAttribute('placeholder', 'Enter a message');
  await expect(phoneEn.locator('.pc-text').getByText('收到，谢谢！我周二上午准时到。')).toBeVisible();
  await shot(phoneEn, 'mobile-en-chat.png');

  // States: a refused message with its '!' and the error toast, and the network banner.
  await deskEn.getByTestId('message-input').fill('刷单返利，日结 300 元');
  await deskEn.getByTestId('message-input').press('Enter');
  await expect(deskEn.getByTestId('resend-button')).toBeVisible();
  await expect(deskEn.getByTestId('toast')).toBeVisible();
  await cut();
  await expect(deskEn.getByRole('alert').filter({ hasText: 'Network exception' })).toBeVisible();
  await shot(deskEn, 'desktop-en-states.png');
});
