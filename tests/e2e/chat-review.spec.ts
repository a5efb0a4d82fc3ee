import { expect, type Page, test } from '@playwright/test';
import { createUser, input, messages, messageWith, openChat, row, sendTexts, typeAndSend } from './chat-support.ts';

/** The chat kit fixes of the one-to-one review (docs/PROTOCOL.md, 'Chat kit behaviour'): UI1–UI5. */

/** Text of the messages in the open chat, top to bottom. */
const texts = (page: Page) => page.locator('[data-testid="message"] .pc-text').allTextContents();

test.describe('chat kit review fixes', () => {
  test('UI1 deleting a conversation asks first, in both languages; cancel keeps it, confirm deletes it', async ({
    browser,
    request,
  }) => {
    const ada = await createUser(request, 'ada', 'Ada');
    const bob = await createUser(request, 'bob', 'Bob');
    await sendTexts(request, bob, ada, ['hello Ada']);
    const a = await openChat(browser, ada);

    await row(a.page, bob).click({ button: 'right' });
    await a.page.getByRole('menuitem', { name: '删除会话' }).click();
    const dialog = a.page.getByTestId('delete-dialog');
    await expect(dialog).toContainText('删除后将清空与“Bob”的聊天记录，确定删除吗？');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row(a.page, bob)).toBeVisible();

    await a.page.getByRole('button', { name: 'English' }).click();
    await row(a.page, bob).click();
    // The chat header's menu asks too.
    await a.page.getByRole('button', { name: 'More actions' }).click();
    await a.page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(dialog).toContainText('Delete the conversation with “Bob”? Its chat history will be cleared.');
    await a.page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(row(a.page, bob)).toBeVisible();

    await row(a.page, bob).click({ button: 'right' });
    await a.page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(row(a.page, bob)).toHaveCount(0);
    await a.context.close();
  });

  test('UI2 a touch long-press opens the row menu after 1000 ms, and lifting the finger leaves it open', async ({
    browser,
    request,
  }) => {
    const cai = await createUser(request, 'cai', 'Cai');
    const dan = await createUser(request, 'dan', 'Dan');
    await sendTexts(request, dan, cai, ['long-press me']);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const login = await context.request.post('/api/v1/auth/login', {
      data: { account: cai.userID, password: 'parley-e2e-pass' },
    });
    expect(login.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto('/chat');
    const target = row(page, dan);
    await expect(target).toBeVisible();
    const box = await target.boundingBox();
    if (!box) throw new Error('row has no box');
    const point = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    // Times in the page: when the finger went down, and when the menu appeared.
    await page.evaluate(() => {
      const w = window as unknown as { pressedAt?: number; menuAt?: number };
      document.addEventListener('touchstart', () => (w.pressedAt = performance.now()), { capture: true });
      new MutationObserver(() => {
        if (w.menuAt === undefined && document.querySelector('[data-testid="conversation-menu"]'))
          w.menuAt = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    const menu = page.getByTestId('conversation-menu');
    await expect(menu).toBeVisible();
    const held = await page.evaluate(() => {
      const w = window as unknown as { pressedAt: number; menuAt: number };
      return w.menuAt - w.pressedAt;
    });
    expect(held, 'the menu opens only after the seed 1000 ms hold').toBeGreaterThanOrEqual(1000);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // The release neither opened the chat nor closed the menu: its items still work.
    await expect(menu).toBeVisible();
    await page.getByRole('menuitem', { name: '置顶会话' }).tap();
    await expect(target).toHaveAttribute('data-pinned', 'true');
    await expect(page.getByTestId('chat-window')).toHaveCount(0);
    // A short tap still opens the chat.
    await target.tap();
    await expect(page.getByTestId('chat-title')).toHaveText('Dan');
    await context.close();
  });

  test("UI3 a message sent offline moves below the peer's messages once acknowledged, without a reload", async ({
    browser,
    request,
  }) => {
    const eve = await createUser(request, 'eve', 'Eve');
    const fay = await createUser(request, 'fay', 'Fay');
    await sendTexts(request, fay, eve, ['before']);
    const e = await openChat(browser, eve);
    await row(e.page, fay).click();
    await expect(messageWith(e.page, 'before')).toBeVisible();
    await e.context.setOffline(true);
    await typeAndSend(e.page, 'sent offline');
    await expect(messageWith(e.page, 'sent offline').locator('[data-status="unSend"]')).toBeVisible();
    // Meanwhile the peer writes twice; the server stores these before Eve's message.
    await sendTexts(request, fay, eve, ['meanwhile 1', 'meanwhile 2']);
    await e.context.setOffline(false);
    await expect(messageWith(e.page, 'sent offline').getByTestId('read-state')).toBeVisible({ timeout: 20_000 });
    await expect(messageWith(e.page, 'meanwhile 2')).toBeVisible();
    await expect.poll(() => texts(e.page)).toEqual(['before', 'meanwhile 1', 'meanwhile 2', 'sent offline']);
    // The same order the peer sees.
    const f = await openChat(browser, fay);
    await row(f.page, eve).click();
    await expect(messages(f.page)).toHaveCount(4);
    expect(await texts(f.page)).toEqual(['before', 'meanwhile 1', 'meanwhile 2', 'sent offline']);
    await e.context.close();
    await f.context.close();
  });

  test('UI4 in a short conversation the timestamp sits right above its message, not at the top of the pane', async ({
    browser,
    request,
  }) => {
    const gus = await createUser(request, 'gus', 'Gus');
    const hal = await createUser(request, 'hal', 'Hal');
    await sendTexts(request, hal, gus, ['only one']);
    const g = await openChat(browser, gus);
    await row(g.page, hal).click();
    const message = messageWith(g.page, 'only one');
    await expect(message).toBeVisible();
    const stamp = g.page.locator('.pc-msg-time').first();
    await expect(stamp).toBeVisible();
    const bubble = await message.locator('.pc-bubble').boundingBox();
    const time = await stamp.boundingBox();
    const pane = await g.page.getByTestId('message-list').boundingBox();
    if (!bubble || !time || !pane) throw new Error('missing boxes');
    // The message sits at the bottom of a tall pane; the timestamp is directly above it.
    expect(bubble.y - pane.y).toBeGreaterThan(pane.height / 2);
    expect(time.y + time.height).toBeLessThanOrEqual(bubble.y);
    expect(bubble.y - (time.y + time.height)).toBeLessThan(40);
    await g.context.close();
  });

  test('UI5 focus stays in the input after sending with the Send button and with Enter', async ({
    browser,
    request,
  }) => {
    const ivy = await createUser(request, 'ivy', 'Ivy');
    const jon = await createUser(request, 'jon', 'Jon');
    await sendTexts(request, jon, ivy, ['hi']);
    const i = await openChat(browser, ivy);
    await row(i.page, jon).click();
    await input(i.page).fill('by click');
    await i.page.getByRole('button', { name: '发送' }).click();
    await expect(messageWith(i.page, 'by click')).toBeVisible();
    await expect(input(i.page)).toBeFocused();
    await input(i.page).fill('by key');
    await input(i.page).press('Enter');
    await expect(messageWith(i.page, 'by key')).toBeVisible();
    await expect(input(i.page)).toBeFocused();
    await i.context.close();
  });

  test('UI12 the chat opened while the SDK is still logging in shows no error: nothing is read before SDK_READY', async ({
    browser,
    request,
  }) => {
    const kim = await createUser(request, 'kim', 'Kim');
    const lee = await createUser(request, 'lee', 'Lee');
    await sendTexts(request, lee, kim, ['hello Kim']);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const login = await context.request.post('/api/v1/auth/login', {
      data: { account: kim.userID, password: 'parley-e2e-pass' },
    });
    expect(login.ok()).toBe(true);
    const page = await context.newPage();
    const complaints: string[] = [];
    page.on('console', (m) => {
      if (/not ready/i.test(m.text())) complaints.push(m.text());
    });
    // Hold the SDK's login (its first profile read) until the chat kit is on screen, so the kit mounts first.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first = true;
    await page.route('**/api/v1/profile', async (route) => {
      if (first) {
        first = false;
        await held;
      }
      await route.continue();
    });
    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: '消息', exact: false }).first()).toBeVisible();
    release();
    await expect(row(page, lee)).toBeVisible();
    await expect(page.getByTestId('nav-unread')).toHaveText('1');
    await expect(page.getByTestId('toast')).toHaveCount(0);
    expect(complaints).toEqual([]);
    await context.close();
  });
});
