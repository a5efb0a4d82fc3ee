import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from './e2e-env.ts';

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
    const response = await request.post('/api/v1/messages', {
      headers: { authorization: `Bearer ${userSig}` },
      data: { ID, conversationType: 'C2C', to: to.userID, type: 'TIMTextElem', payload: { text } },
    });
    expect(response.ok(), await response.text()).toBe(true);
    ids.push(ID);
  }
  return ids;
}

export interface ChatSession {
  context: BrowserContext;
  page: Page;
}

/** A browser context logged in as `user` (session cookie from the login API), showing /chat. */
export async function openChat(
  browser: Browser,
  user: TestUser,
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<ChatSession> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'zh-CN',
  });
  const response = await context.request.post('/api/v1/auth/login', {
    data: { account: user.userID, password: PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const page = await context.newPage();
  await page.goto('/chat');
  await expect(page.getByRole('listbox', { name: '会话列表' }).or(page.getByText('暂无会话'))).toBeVisible();
  return { context, page };
}

export const row = (page: Page, peer: TestUser) => page.locator(`[data-conversation-id="C2C${peer.userID}"]`);
export const messages = (page: Page) => page.getByTestId('message');
/** The message whose text is exactly `text` (a message row also holds its timestamp line). */
export const messageWith = (page: Page, text: string) =>
  page.getByTestId('message').filter({ has: page.locator('.pc-text').getByText(text, { exact: true }) });
export const input = (page: Page) => page.getByTestId('message-input');

/** Types and sends with Enter, as a user would. */
export async function typeAndSend(page: Page, text: string): Promise<void> {
  await input(page).fill(text);
  await input(page).press('Enter');
}
