import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, type WebSocketRoute } from '@playwright/test';
import { E2E_ADMIN_KEY } from './e2e-env.ts';

/** What screenshots.take.ts uses to stage and check its shots (UI12): messages sent as another device, clean pages. */
export const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
export const DEMO_PASSWORD = 'parley123';

export async function send(page: Page, from: string, to: string, texts: string[]) {
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

/** Console errors and 'not ready' warnings of every page opened here: none may occur. */
export const complaints: string[] = [];

export async function open(
  browser: Browser,
  account: string,
  viewport: { width: number; height: number },
  english = false,
  path = '/chat',
) {
  const context = await browser.newContext({ viewport, locale: english ? 'en-US' : 'zh-CN', deviceScaleFactor: 1 });
  if (english) await context.addInitScript(() => localStorage.setItem('parley.language', 'en'));
  await context.request.post('/api/v1/auth/login', { data: { account, password: DEMO_PASSWORD } });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || /not ready/i.test(m.text())) complaints.push(`${account} ${path}: ${m.text()}`);
  });
  await page.goto(path);
  if (path === '/chat') await expect(page.getByTestId('conversation-row').first()).toBeVisible();
  return page;
}

/** What a clean screenshot needs: images loaded, no toast, no sideways scroll, nothing complained. */
export async function expectClean(page: Page) {
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(complaints).toEqual([]);
}

/** Routes the page's push socket through the test, so a screenshot can show the connection lost. */
export async function cuttable(page: Page): Promise<() => Promise<void>> {
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

export async function shot(page: Page, name: string, clean = true) {
  if (clean) await expectClean(page);
  await page.screenshot({ path: join(OUT, name) });
}
export const rowOf = (page: Page, userID: string) => page.locator(`[data-conversation-id="C2C${userID}"]`);

/** Portal pages (decision 0010): loaded (no skeleton or spinner), no message toast or dialog left over. */
export async function portalShot(page: Page, name: string, options: { dialog?: boolean } = {}) {
  await expect(page.locator('.page-spinner, .ant-skeleton')).toHaveCount(0);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  if (!options.dialog) await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, name).toBeLessThanOrEqual(0);
  expect(complaints).toEqual([]);
  if (!options.dialog) {
    // A full-page capture draws a fixed element where the first screen has it. The docked side bar (narrow
    // screens) is drawn at the page's end instead, in the room the page keeps for it, as seen when scrolled there.
    await page.evaluate(() => {
      const bar = document.querySelector<HTMLElement>('[data-testid="side-bar"]');
      const portal = document.querySelector<HTMLElement>('.portal');
      if (!bar || !portal || getComputedStyle(bar).left !== '0px') return;
      portal.style.position = 'relative';
      bar.style.position = 'absolute';
    });
  }
  await page.screenshot({ path: join(OUT, name), fullPage: !options.dialog });
}

export async function openPortal(
  browser: Browser,
  account: string | null,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport, locale: 'zh-CN', deviceScaleFactor: 1 });
  if (account) await context.request.post('/api/v1/auth/login', { data: { account, password: DEMO_PASSWORD } });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') complaints.push(`${account ?? 'visitor'}: ${m.text()}`);
  });
  return page;
}

/** Sends group texts from `from` over the HTTP API, as another device would. */
export async function sendGroup(page: Page, from: string, groupID: string, texts: string[]) {
  const sig = await page.request.post('/admin/v1/usersig', {
    headers: { 'x-parley-admin-key': E2E_ADMIN_KEY },
    data: { userID: from },
  });
  const { userSig } = (await sig.json()) as { userSig: string };
  for (const [i, text] of texts.entries()) {
    const response = await page.request.post('/api/v1/messages', {
      headers: { authorization: `Bearer ${userSig}` },
      data: {
        ID: `gshot-${from}-${Date.now()}-${i}`,
        conversationType: 'GROUP',
        to: groupID,
        type: 'TIMTextElem',
        payload: { text },
      },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
}
