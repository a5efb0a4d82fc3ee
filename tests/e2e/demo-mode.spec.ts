import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, focusOutline, tabUntil } from './a11y-support.ts';
import { type CallServer, startParley } from './calls-support.ts';
import { PASSWORD, uniqueID } from './chat-support.ts';
import { E2E_ADMIN_KEY } from './e2e-env.ts';

/**
 * Demo ("official") mode (decision 0054) on a server of this file's own started with PARLEY_DEMO_MODE=1: the task
 * panel a newcomer sees, ticked by doing things in the UI, kept on the server (a reload and another device see it),
 * the member profile's 'send message' for mutual friends only; keyboard, both themes, axe.
 */
let parley: CallServer;
let admin: APIRequestContext;
const opened: BrowserContext[] = [];

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  parley = await startParley({ PARLEY_DEMO_MODE: '1' });
  admin = await playwright.request.newContext({ baseURL: parley.url });
});

test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

test.afterAll(async () => {
  await admin?.dispose();
  await parley?.stop();
});

const headers = { 'x-parley-admin-key': E2E_ADMIN_KEY };

async function user(nick: string): Promise<{ userID: string; nick: string; sig: string }> {
  const userID = uniqueID(nick.toLowerCase());
  const made = await admin.post('/admin/v1/accounts', {
    headers,
    data: { userID, password: PASSWORD, identity: 1, profile: { nick } },
  });
  expect(made.status(), await made.text()).toBe(201);
  const sig = await admin.post('/admin/v1/usersig', { headers, data: { userID } });
  return { userID, nick, sig: ((await sig.json()) as { userSig: string }).userSig };
}

const as = (sig: string) => ({ authorization: `Bearer ${sig}` });

async function open(
  browser: Browser,
  who: { userID: string },
  look: { colorScheme?: 'light' | 'dark'; width?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: parley.url,
    locale: 'en-US',
    colorScheme: look.colorScheme ?? 'light',
    viewport: { width: look.width ?? 1280, height: 800 },
  });
  opened.push(context);
  const login = await context.request.post('/api/v1/auth/login', { data: { account: who.userID, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const page = await context.newPage();
  await page.goto('/chat');
  await expect(page.getByTestId('demo-panel')).toBeVisible();
  return page;
}

const task = (page: Page, name: string) => page.getByTestId(`demo-task-${name}`);

test('DEMO7 DEMO8 a newcomer sees the tasks, sending a message ticks one, a reload and another device keep it', async ({
  browser,
}) => {
  const amy = await user('Amy');
  const ben = await user('Ben');
  const hi = await admin.post('/api/v1/messages', {
    headers: as(ben.sig),
    data: { ID: uniqueID('m'), conversationType: 'C2C', to: amy.userID, type: 'TIMTextElem', payload: { text: 'hi' } },
  });
  expect(hi.ok()).toBe(true);
  const page = await open(browser, amy);
  await expect(page.getByTestId('demo-progress')).toHaveText(/^(0 of 6 done|已完成 0\/6)$/);
  await expect(page.getByTestId('demo-next')).toHaveText(/^(Next: Send a message|下一步：发送一条消息)$/);
  await expect(task(page, 'send')).toHaveAttribute('data-next', 'true');
  await page.locator(`[data-conversation-id="C2C${ben.userID}"]`).click();
  await page.getByTestId('message-input').fill('hello from the demo');
  await page.getByTestId('message-input').press('Enter');
  await expect(task(page, 'send')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('demo-progress')).toHaveText(/^(1 of 6 done|已完成 1\/6)$/);
  await expect(task(page, 'revoke')).toHaveAttribute('data-next', 'true');
  // The nickname task, from the Me tab's form.
  await page.getByTestId('tab-me').click();
  await page.getByTestId('profile-edit').click();
  await page.getByTestId('edit-nick').fill('Amy_2');
  await page.getByTestId('edit-save').click();
  await expect(task(page, 'nickname')).toHaveAttribute('data-done', 'true');
  await page.reload();
  await expect(task(page, 'send')).toHaveAttribute('data-done', 'true');
  await expect(task(page, 'nickname')).toHaveAttribute('data-done', 'true');
  const other = await open(browser, amy);
  await expect(task(other, 'send')).toHaveAttribute('data-done', 'true');
  await expect(other.getByTestId('demo-progress')).toHaveText(/^(2 of 6 done|已完成 2\/6)$/);
  // Ben's list is his own.
  const benPage = await open(browser, ben);
  await expect(benPage.getByTestId('demo-progress')).toHaveText(/^(0 of 6 done|已完成 0\/6)$/);
});

test('DEMO9 a member profile offers send message to a mutual friend only; muting a member ticks its task', async ({
  browser,
}) => {
  const amy = await user('Amy');
  const ben = await user('Ben');
  const cat = await user('Cat');
  const added = await admin.post('/api/v1/friends', {
    headers: as(amy.sig),
    data: { to: ben.userID, source: 'AddSource_Type_Web', type: 'Add_Type_Both' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const made = await admin.post('/api/v1/groups', {
    headers: as(amy.sig),
    data: { name: 'Demo group', type: 'Public', memberList: [{ userID: ben.userID }, { userID: cat.userID }] },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const page = await open(browser, amy);
  await page
    .locator('[data-testid="conversation-row"][data-conversation-id^="GROUP"]')
    .filter({ hasText: 'Demo group' })
    .click();
  await page.getByTestId('group-manage').click();
  const panel = page.getByTestId('group-panel');
  await panel.getByTestId('tab-member').click();
  await panel.locator(`[data-user-id="${ben.userID}"]`).click();
  await expect(panel.getByTestId('member-send-message')).toBeVisible();
  await panel.getByTestId('toggle-mute').click();
  await expect(task(page, 'mute')).toHaveAttribute('data-done', 'true');
  await panel.getByTestId('tab-member').click();
  await panel.locator(`[data-user-id="${cat.userID}"]`).click();
  await expect(panel.getByTestId('member-profile')).toContainText(cat.userID);
  await expect(panel.getByTestId('toggle-mute')).toBeVisible();
  await expect(panel.getByTestId('member-send-message')).toHaveCount(0);
});

test('DEMO10 the panel by keyboard, in light and dark, on a phone-sized screen, with no serious axe finding', async ({
  browser,
}) => {
  const amy = await user('Amy');
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      const page = await open(browser, amy, { colorScheme, width });
      const toggle = page.getByTestId('demo-toggle');
      await expect(toggle).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`demo-panel-${colorScheme}-${width}.png`) });
      await expectNoSeriousViolations(page, `demo panel ${colorScheme} ${width}`);
      const reached = await tabUntil(page, async () => (await focusOutline(page)).testid === 'demo-toggle');
      expect(reached, 'Tab reaches the panel toggle').toBe(true);
      expect((await focusOutline(page)).style).not.toBe('none');
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByTestId('demo-next')).toBeHidden();
      await expectNoSeriousViolations(page, `demo panel folded ${colorScheme} ${width}`);
      await page.keyboard.press('Space');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByTestId('demo-next')).toBeVisible();
      await page.context().close();
    }
  }
});
