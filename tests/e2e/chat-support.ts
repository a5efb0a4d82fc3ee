import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { docShot, E2E_ADMIN_KEY } from './e2e-env.ts';

/**
 * Helpers of the chat tests: fresh users per test through the admin API (so no test sees another's messages),
 * browser sessions opened through the portal's login API, messages sent over HTTP like another device would.
 */
export const PASSWORD = 'parley-e2e-pass';

let counter = 0;

/** A userID unique to this run: `<prefix>_<time>_<n>`. */
export function uniqueID(prefix: string): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}_${counter}`;
}

export interface TestUser {
  userID: string;
  nick: string;
}

export async function createUser(request: APIRequestContext, prefix: string, nick: string): Promise<TestUser> {
  const userID = uniqueID(prefix);
  const response = await request.post('/admin/v1/accounts', {
    headers: { 'x-parley-admin-key': E2E_ADMIN_KEY },
    data: { userID, password: PASSWORD, identity: 1, profile: { nick } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { userID, nick };
}

export async function userSigOf(request: APIRequestContext, userID: string): Promise<string> {
  const response = await request.post('/admin/v1/usersig', {
    headers: { 'x-parley-admin-key': E2E_ADMIN_KEY },
    data: { userID },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { userSig: string }).userSig;
}

/** Sends text messages from `from` to `to` over the HTTP API, in order; returns their IDs. */
export async function sendTexts(
  request: APIRequestContext,
  from: TestUser,
  to: TestUser,
  texts: readonly string[],
): Promise<string[]> {
  const userSig = await userSigOf(request, from.userID);
  const ids: string[] = [];
  for (const text of texts) {
    const ID = uniqueID('m');
    const send = () =>
      request.post('/api/v1/messages', {
        headers: { authorization: `Bearer ${userSig}` },
        data: { ID, conversationType: 'C2C', to: to.userID, type: 'TIMTextElem', payload: { text } },
      });
    let response = await send();
    // Over the per-user send limit (rule LIM5) the server says when to come back; the retry keeps the ID (M1).
    for (let attempt = 0; response.status() === 429 && attempt < 10; attempt += 1) {
      const seconds = Number(response.headers()['retry-after'] ?? '1');
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      response = await send();
    }
    expect(response.ok(), await response.text()).toBe(true);
    ids.push(ID);
  }
  return ids;
}

export interface ChatSession {
  context: BrowserContext;
  page: Page;
}

/**
 * Contexts `openChat` made, by the test that made them. A spec that does not close its contexts leaves pages with
 * open sockets, timers and a renderer busy for the rest of the worker's lane; the next test that opens a chat closes
 * the ones an earlier test left.
 */
const openedBy = new Map<string, Set<BrowserContext>>();

async function closeLeftContexts(testId: string): Promise<void> {
  for (const [owner, contexts] of openedBy) {
    if (owner === testId) continue;
    openedBy.delete(owner);
    for (const context of contexts) await context.close().catch(() => undefined);
  }
}

/** A browser context logged in as `user` (session cookie from the login API), showing /chat. */
export async function openChat(
  browser: Browser,
  user: TestUser,
  options: {
    viewport?: { width: number; height: number };
    locale?: string;
    /** Runs on the new context before the page loads (routes, init scripts). */
    beforeLoad?: (context: BrowserContext) => Promise<unknown>;
  } = {},
): Promise<ChatSession> {
  const testId = test.info().testId;
  await closeLeftContexts(testId);
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'zh-CN',
  });
  const mine = openedBy.get(testId) ?? new Set<BrowserContext>();
  openedBy.set(testId, mine.add(context));
  context.once('close', () => mine.delete(context));
  const response = await context.request.post('/api/v1/auth/login', {
    data: { account: user.userID, password: PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  await options.beforeLoad?.(context);
  const page = await context.newPage();
  await page.goto('/chat');
  await expect(page.getByRole('listbox', { name: '会话列表' }).or(page.getByText('暂无会话'))).toBeVisible();
  return { context, page };
}

export const row = (page: Page, peer: TestUser) => page.locator(`[data-conversation-id="C2C${peer.userID}"]`);
export const messages = (page: Page) => page.getByTestId('message');
/** The list row of the group named `name`. */
export const groupRow = (page: Page, name: string) =>
  page.locator('[data-testid="conversation-row"][data-conversation-id^="GROUP"]').filter({ hasText: name });

/** Creates a group from the list's '+' menu with `members` (user IDs typed in), then waits for its chat to open. */
export async function createGroup(page: Page, name: string, members: TestUser[], type = 'Public'): Promise<void> {
  await page.getByRole('button', { name: '发起单聊' }).click();
  await page.getByTestId('menu-new-group').click();
  const dialog = page.getByTestId('new-group-dialog');
  await dialog.getByTestId('group-type').selectOption(type);
  await dialog.getByTestId('group-name-input').fill(name);
  if (members.length > 0) await dialog.getByTestId('group-members-input').fill(members.map((m) => m.userID).join(' '));
  await dialog.getByTestId('create-group').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('chat-title')).toHaveText(name);
}
/** The message whose text is exactly `text` (a message row also holds its timestamp line). */
export const messageWith = (page: Page, text: string) =>
  page.getByTestId('message').filter({ has: page.locator('.pc-text').getByText(text, { exact: true }) });
export const input = (page: Page) => page.getByTestId('message-input');

/** Types and sends with Enter, as a user would. */
export async function typeAndSend(page: Page, text: string): Promise<void> {
  await input(page).fill(text);
  await input(page).press('Enter');
}

const REFUSAL = {
  code: 80001,
  message: 'Your message may contain prohibited content, please stop sending such content.',
};

/**
 * Makes the server's answer to sends a refusal (80001, as the content filter gives), on both paths: `send` frames on
 * the push socket (protocol 2, the SDK's way when its socket is open) and `POST /api/v1/messages`. `first`: only the
 * first send. Applies to sockets opened after the call: install it before the page loads, or reload.
 */
export async function refuseSends(page: Page, which: 'first' | 'all'): Promise<{ stop: () => void }> {
  let refused = 0;
  let active = true;
  const refuse = () => {
    if (!active || (which === 'first' && refused > 0)) return false;
    refused += 1;
    return true;
  };
  await page.routeWebSocket(/\/ws/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      const parsed = typeof frame === 'string' ? (JSON.parse(frame) as { type?: string; ref?: string }) : {};
      if (parsed.type === 'send' && refuse()) ws.send(JSON.stringify({ type: 'ack', ref: parsed.ref, error: REFUSAL }));
      else server.send(frame);
    });
  });
  await page.route('**/api/v1/messages', (route) =>
    refuse() ? route.fulfill({ status: 422, json: REFUSAL }) : route.continue(),
  );
  return {
    stop: () => {
      active = false;
    },
  };
}

const SHOT_VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
const SHOT_LANGS = { zh: 'zh-CN', en: 'en' } as const;

/** The portal's language switch pressed from the page's script: no pointer or focus leaves an open menu or dialog. */
async function switchLanguage(page: Page, htmlLang: string): Promise<void> {
  await page.evaluate((lang) => {
    document.querySelector<HTMLButtonElement>(`.language-switch button[lang="${lang}"]`)?.click();
  }, htmlLang);
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
}

/**
 * The docs screenshots of one step in both languages on a desktop and a phone (decision 0015):
 * `<base>-<zh|en>[-mobile].png`. The page is resized and its language switched in place, then put back as it was;
 * `settle` runs after each change and once more at the end (to open a menu again where its message now is, or to
 * keep a typing signal alive). Only with PARLEY_UPDATE_SCREENSHOTS=1: a normal run takes no time here.
 */
export async function docShots(page: Page, base: string, settle: () => Promise<void> = async () => {}): Promise<void> {
  if (process.env.PARLEY_UPDATE_SCREENSHOTS !== '1') return;
  const viewport = page.viewportSize() ?? SHOT_VIEWPORTS.desktop;
  const htmlLang = (await page.locator('html').getAttribute('lang')) ?? SHOT_LANGS.zh;
  for (const [device, size] of Object.entries(SHOT_VIEWPORTS)) {
    for (const [lang, code] of Object.entries(SHOT_LANGS)) {
      await page.setViewportSize(size);
      await switchLanguage(page, code);
      await settle();
      await expect(page.getByTestId('toast')).toHaveCount(0);
      await docShot(page, `${base}-${lang}${device === 'mobile' ? '-mobile' : ''}.png`);
    }
  }
  await page.setViewportSize(viewport);
  await switchLanguage(page, htmlLang);
  await settle();
}
