import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  createUser,
  input,
  messages,
  messageWith,
  openChat,
  refuseSends,
  row,
  sendTexts,
  typeAndSend,
  userSigOf,
} from './chat-support.ts';

/**
 * The chat kit in a real browser against the real server and SDK (decision 0006). Every test creates its own users, so
 * the tests are independent of each other and of the demo data.
 */

/** The element's top once two readings a frame apart agree (a virtualized list may still be adjusting). */
async function settledY(page: Page, target: Locator): Promise<number> {
  let last = Number.NaN;
  let settled = Number.NaN;
  await expect
    .poll(async () => {
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const y = Math.round((await target.boundingBox())?.y ?? -1);
      const same = y === last;
      last = y;
      if (same) settled = y;
      return same;
    })
    .toBe(true);
  return settled;
}

test.describe('chat', () => {
  test('A sends, B sees it live with an unread badge; B opens the chat and A sees Read', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'alice', '艾丽斯');
    const bob = await createUser(request, 'bob', '鲍勃');
    const a = await openChat(browser, alice);
    const b = await openChat(browser, bob);

    // A starts the conversation with the 'new chat by user ID' dialog.
    await a.page.getByRole('button', { name: '发起单聊' }).click();
    await a.page.getByRole('menuitem', { name: '发起单聊' }).click();
    const dialog = a.page.getByRole('dialog', { name: '发起单聊' });
    await dialog.getByLabel('用户 ID').fill(bob.userID);
    await dialog.getByRole('button', { name: '开始聊天' }).click();
    await expect(a.page.getByTestId('chat-title')).toHaveText('鲍勃');
    await expect(input(a.page)).toBeFocused();

    await typeAndSend(a.page, '你好，鲍勃！');
    const sent = messages(a.page).filter({ hasText: '你好，鲍勃！' });
    await expect(sent.getByTestId('read-state')).toHaveText('未读');
    await expect(input(a.page)).toHaveValue('');

    // B: the conversation appears live, with an unread badge and the total in the header.
    await expect(row(b.page, alice).getByTestId('unread-badge')).toContainText('1');
    await expect(row(b.page, alice)).toContainText('你好，鲍勃！');
    await expect(b.page.getByTestId('total-unread')).toHaveText('1');
    await expect(b.page.getByTestId('live-region')).toContainText('艾丽斯发来新消息：你好，鲍勃！');

    await row(b.page, alice).click();
    await expect(messages(b.page).filter({ hasText: '你好，鲍勃！' })).toHaveCount(1);
    await expect(row(b.page, alice).getByTestId('unread-badge')).toHaveCount(0);
    await expect(b.page.getByTestId('total-unread')).toHaveCount(0);

    // A: the peer read it.
    await expect(sent.getByTestId('read-state')).toHaveText('已读');

    // B answers; A, already at the bottom of the open chat, sees it appended.
    await typeAndSend(b.page, '收到，谢谢');
    await expect(messages(a.page).filter({ hasText: '收到，谢谢' })).toBeVisible();
    await a.context.close();
    await b.context.close();
  });

  test("history pages with 'view more' keep the reading position; the badge caps at 99+", async ({
    browser,
    request,
  }) => {
    const carol = await createUser(request, 'carol', 'Carol');
    const dave = await createUser(request, 'dave', 'Dave');
    const texts = Array.from({ length: 120 }, (_, i) => `message ${i + 1}`);
    await sendTexts(request, carol, dave, texts);

    const d = await openChat(browser, dave);
    await expect(row(d.page, carol).getByTestId('unread-badge')).toContainText('99+');
    await row(d.page, carol).click();

    const list = d.page.getByTestId('message-list');
    await expect(list).toHaveAttribute('data-count', '15');
    await expect(messageWith(d.page, 'message 120')).toBeVisible();

    const scroller = list.locator('.pc-messages__scroller');
    const viewMore = d.page.getByTestId('view-more');
    for (const [count, anchorText] of [
      [30, 'message 106'],
      [45, 'message 91'],
    ] as const) {
      await scroller.evaluate((el) => {
        el.scrollTop = 0;
      });
      await expect(viewMore).toBeVisible();
      // The bubble, which is what the reader reads (the row's timestamp line goes once an older neighbour exists).
      const anchor = messageWith(d.page, anchorText).locator('.pc-bubble');
      // After the jump to the top the list may still correct the heights it had estimated for the rows it just
      // drew: the position to keep is the one the reader sees once that has settled.
      const before = { y: await settledY(d.page, anchor) };
      await viewMore.click();
      await expect(list).toHaveAttribute('data-count', String(count));
      // The message that was at the top is still where it was: the older page went in above it.
      await expect.poll(async () => Math.round((await anchor.boundingBox())?.y ?? -1)).toBe(Math.round(before?.y ?? 0));
    }
    // Far from the bottom now: the tip offers the way back.
    await expect(d.page.getByTestId('jump-tip')).toHaveText('回到最新位置');
    await sendTexts(request, carol, dave, ['one more']);
    await expect(d.page.getByTestId('jump-tip')).toHaveText('1 条新消息');
    await d.page.getByTestId('jump-tip').click();
    await expect(messages(d.page).filter({ hasText: 'one more' })).toBeVisible();
    await expect(d.page.getByTestId('jump-tip')).toHaveCount(0);
    await d.context.close();
  });

  test('a forced disconnect shows the banner and heals without losing or duplicating messages', async ({
    browser,
    request,
  }) => {
    const erin = await createUser(request, 'erin', 'Erin');
    const frank = await createUser(request, 'frank', 'Frank');
    await sendTexts(request, erin, frank, ['before the cut']);

    const f = await openChat(browser, frank);
    // The push socket goes through a route the test can cut: Chromium's offline mode alone leaves an open
    // WebSocket connected, so the cut closes it and refuses new ones until the network is back.
    let cut = false;
    const sockets: { close: (o?: { code?: number; reason?: string }) => Promise<void> }[] = [];
    await f.page.routeWebSocket(/\/ws/, async (ws) => {
      if (cut) {
        await ws.close({ code: 1013, reason: 'e2e: network down' });
        return;
      }
      ws.connectToServer();
      sockets.push(ws);
    });
    await f.page.reload();
    await row(f.page, erin).click();
    await expect(messages(f.page).filter({ hasText: 'before the cut' })).toBeVisible();

    cut = true;
    await f.context.setOffline(true);
    for (const ws of sockets.splice(0)) await ws.close({ code: 1013, reason: 'e2e: network down' });
    const banner = f.page.getByRole('alert').filter({ hasText: '网络异常，请检查网络设置' });
    await expect(banner).toBeVisible();

    const missed = ['while away 1', 'while away 2', 'while away 3'];
    await sendTexts(request, erin, frank, missed);

    cut = false;
    await f.context.setOffline(false);
    await expect(banner).toHaveCount(0, { timeout: 25_000 });
    for (const text of ['before the cut', ...missed]) {
      await expect(messageWith(f.page, text)).toHaveCount(1);
    }
    // And the push works again.
    await sendTexts(request, erin, frank, ['after the heal']);
    await expect(messages(f.page).filter({ hasText: 'after the heal' })).toHaveCount(1);
    await expect(f.page.getByTestId('message-list')).toHaveAttribute('data-count', '5');
    await f.context.close();
  });

  test('a refused send shows !, and resending after confirmation delivers it once', async ({ browser, request }) => {
    const gina = await createUser(request, 'gina', 'Gina');
    const hugo = await createUser(request, 'hugo', 'Hugo');
    await sendTexts(request, hugo, gina, ['hi Gina']);
    const g = await openChat(browser, gina);
    const h = await openChat(browser, hugo);
    await row(g.page, hugo).click();

    // The server refuses the first attempt (as its content filter would); later attempts reach it.
    await refuseSends(g.page, 'first');
    // The page's socket opened before the route: reload so the SDK's socket goes through it.
    await g.page.reload();
    await row(g.page, hugo).click();
    await typeAndSend(g.page, 'please deliver me');
    const failed = messages(g.page).filter({ hasText: 'please deliver me' });
    await expect(failed.getByTestId('resend-button')).toBeVisible();
    await expect(g.page.getByTestId('toast')).toContainText('您的消息可能包含违禁内容，请停止发送此类内容。');

    // Cancel keeps the failed message.
    await failed.getByTestId('resend-button').click();
    const dialog = g.page.getByRole('dialog', { name: '确认重新发送该消息？' });
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(failed.getByTestId('resend-button')).toBeVisible();

    // Submit resends: the old entry goes, the new one ends as sent.
    await failed.getByTestId('resend-button').click();
    await g.page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(failed.getByTestId('read-state')).toHaveText('未读');
    await expect(failed).toHaveCount(1);
    await row(h.page, gina).click();
    await expect(messages(h.page).filter({ hasText: 'please deliver me' })).toHaveCount(1);
    await g.context.close();
    await h.context.close();
  });

  test('prohibited content: the seed text in one toast whose counter rises', async ({ browser, request }) => {
    const ivan = await createUser(request, 'ivan', 'Ivan');
    const jade = await createUser(request, 'jade', 'Jade');
    await sendTexts(request, jade, ivan, ['hello']);
    const i = await openChat(browser, ivan);
    await row(i.page, jade).click();

    await typeAndSend(i.page, '刷单返利，日结');
    await typeAndSend(i.page, '刷单返利，周结');
    const toast = i.page.getByTestId('toast');
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText('您的消息可能包含违禁内容，请停止发送此类内容。');
    await expect(toast.getByTestId('toast-count')).toHaveText('×2');
    await expect(messages(i.page).getByTestId('resend-button')).toHaveCount(2);
    // 3000 ms later it is gone.
    await expect(toast).toHaveCount(0, { timeout: 5_000 });
    await i.context.close();
  });

  test('a send while the network is down waits, then goes through once', async ({ browser, request }) => {
    const kate = await createUser(request, 'kate', 'Kate');
    const liam = await createUser(request, 'liam', 'Liam');
    await sendTexts(request, liam, kate, ['ping']);
    const k = await openChat(browser, kate);
    await row(k.page, liam).click();
    // The reader sees the conversation, then the network drops.
    await expect(input(k.page)).toBeVisible();
    await k.context.setOffline(true);
    await typeAndSend(k.page, 'sent offline');
    const pending = messages(k.page).filter({ hasText: 'sent offline' });
    await expect(pending.locator('[data-status="unSend"]')).toBeVisible();
    await k.context.setOffline(false);
    await expect(pending.getByTestId('read-state')).toHaveText('未读', { timeout: 20_000 });
    const l = await openChat(browser, liam);
    await row(l.page, kate).click();
    await expect(messages(l.page).filter({ hasText: 'sent offline' })).toHaveCount(1);
    await k.context.close();
    await l.context.close();
  });

  test('PERF7 a chat window whose code cannot be fetched says so, offers Try again, and opens once it arrives', async ({
    browser,
    request,
  }) => {
    const nina = await createUser(request, 'nina', 'Nina');
    const omar = await createUser(request, 'omar', 'Omar');
    await sendTexts(request, omar, nina, ['are you there?']);
    // The chat window's code is loaded after the list, on its own: refused here, as a dropped network would.
    let refuse = true;
    const n = await openChat(browser, nina, {
      beforeLoad: (context) =>
        context.route(/\/assets\/chat-window-[^/]+\.js$/, (route) => (refuse ? route.abort() : route.continue())),
    });
    await row(n.page, omar).click();
    const failed = n.page.getByTestId('load-failed');
    await expect(failed).toContainText('聊天界面加载失败');
    await expect(failed).toHaveAttribute('role', 'alert');
    refuse = false;
    await failed.getByRole('button', { name: '重试' }).click();
    await expect(messageWith(n.page, 'are you there?')).toBeVisible();
    await expect(input(n.page)).toBeVisible();
    await n.context.close();
  });

  test('the language switch changes the chat live, Chinese by default', async ({ browser, request }) => {
    const mia = await createUser(request, 'mia', 'Mia');
    const noah = await createUser(request, 'noah', 'Noah');
    await sendTexts(request, noah, mia, ['hello Mia']);
    const m = await openChat(browser, mia);
    await row(m.page, noah).click();
    await expect(input(m.page)).toHaveAttribute('placeholder', '请输入消息');
    await expect(m.page.getByRole('heading', { name: '消息' })).toBeVisible();

    await m.page.getByRole('button', { name: 'English' }).click();
    await expect(input(m.page)).toHaveAttribute('placeholder', 'Enter a message');
    await expect(m.page.getByRole('heading', { name: 'Messages' })).toBeVisible();
    await expect(row(m.page, noah)).toContainText('Just now');
    // The open conversation stays open across the switch.
    await expect(m.page.getByTestId('chat-title')).toHaveText('Noah');
    await expect(m.page.locator('html')).toHaveAttribute('lang', 'en');

    await m.page.getByRole('button', { name: '中文' }).click();
    await expect(input(m.page)).toHaveAttribute('placeholder', '请输入消息');
    await expect(row(m.page, noah)).toContainText('刚刚');
    await m.context.close();
  });

  test('the context menu pins, mutes and deletes a conversation', async ({ browser, request }) => {
    const olga = await createUser(request, 'olga', 'Olga');
    const pete = await createUser(request, 'pete', 'Pete');
    const quin = await createUser(request, 'quin', 'Quin');
    await sendTexts(request, pete, olga, ['from Pete']);
    await sendTexts(request, quin, olga, ['from Quin']);
    const o = await openChat(browser, olga);
    const rows = o.page.getByTestId('conversation-row');
    await expect(rows).toHaveCount(2);
    // Pin whichever row is second: it moves to the top.
    const second = (await rows.nth(1).textContent())?.includes('Pete') ? pete : quin;
    const other = second === pete ? quin : pete;

    await row(o.page, second).click({ button: 'right' });
    await o.page.getByRole('menuitem', { name: '置顶会话' }).click();
    await expect(rows.first()).toHaveAttribute('data-conversation-id', `C2C${second.userID}`);
    await expect(rows.first()).toHaveAttribute('data-pinned', 'true');

    await row(o.page, other).click({ button: 'right' });
    await o.page.getByRole('menuitem', { name: '消息免打扰' }).click();
    await expect(row(o.page, other).getByTestId('mute-icon')).toBeVisible();
    // A muted conversation leaves the total: only the other message counts.
    await expect(o.page.getByTestId('total-unread')).toHaveText('1');
    await row(o.page, other).click({ button: 'right' });
    await o.page.getByRole('menuitem', { name: '取消免打扰' }).click();
    await expect(row(o.page, other).getByTestId('mute-icon')).toHaveCount(0);
    await expect(o.page.getByTestId('total-unread')).toHaveText('2');

    await row(o.page, second).click({ button: 'right' });
    await o.page.getByRole('menuitem', { name: '取消置顶' }).click();
    await expect(row(o.page, second)).not.toHaveAttribute('data-pinned', 'true');

    await row(o.page, other).click();
    await expect(o.page.getByTestId('chat-title')).toHaveText(other.nick);
    await row(o.page, other).click({ button: 'right' });
    await o.page.getByRole('menuitem', { name: '删除会话' }).click();
    // UI1: deleting asks first.
    await o.page.getByTestId('delete-dialog').getByRole('button', { name: '删除' }).click();
    await expect(row(o.page, other)).toHaveCount(0);
    // The open conversation disappeared, so the chat cleared.
    await expect(o.page.getByTestId('chat-window')).toHaveCount(0);
    await o.context.close();
  });

  test('keyboard: arrows move through the list, Enter opens, focus lands in the input; Ctrl+Enter adds a line', async ({
    browser,
    request,
  }) => {
    const rosa = await createUser(request, 'rosa', 'Rosa');
    const sam = await createUser(request, 'sam', 'Sam');
    const tina = await createUser(request, 'tina', 'Tina');
    await sendTexts(request, sam, rosa, ['from Sam']);
    await sendTexts(request, tina, rosa, ['from Tina']);
    const r = await openChat(browser, rosa);
    const rows = r.page.getByTestId('conversation-row');
    await expect(rows).toHaveCount(2);
    await rows.first().focus();
    await r.page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toBeFocused();
    const name = (await rows.nth(1).textContent())?.includes('Sam') ? 'Sam' : 'Tina';
    await r.page.keyboard.press('ArrowUp');
    await expect(rows.first()).toBeFocused();
    await r.page.keyboard.press('End');
    await expect(rows.nth(1)).toBeFocused();
    await r.page.keyboard.press('Enter');
    await expect(r.page.getByTestId('chat-title')).toHaveText(name);
    await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(input(r.page)).toBeFocused();

    await r.page.keyboard.type('line one');
    await r.page.keyboard.press('Control+Enter');
    await r.page.keyboard.type('line two');
    await expect(input(r.page)).toHaveValue('line one\nline two');
    await r.page.keyboard.press('Enter');
    await expect(messages(r.page).last()).toContainText('line one\nline two');
    // Empty input sends nothing.
    await r.page.keyboard.press('Enter');
    await expect(r.page.getByTestId('message-list')).toHaveAttribute('data-count', '2');
    await r.context.close();
  });

  test('bad input: markup shows as text, long words wrap, unknown types are a neutral line', async ({
    browser,
    request,
  }) => {
    const uma = await createUser(request, 'uma', 'Uma');
    const vic = await createUser(request, 'vic', 'Vic');
    const markup = '<img src=x onerror="window.__xss=1"><b>bold?</b>';
    const longWord = 'W'.repeat(400);
    await sendTexts(request, vic, uma, [markup, longWord]);
    // A custom message of a kind no renderer knows, without a description.
    const sig = await userSigOf(request, vic.userID);
    await request.post('/api/v1/messages', {
      headers: { authorization: `Bearer ${sig}` },
      data: {
        ID: `custom-${Date.now()}`,
        conversationType: 'C2C',
        to: uma.userID,
        type: 'TIMCustomElem',
        payload: { data: '{"businessID":"no_such_kind"}' },
      },
    });

    const u = await openChat(browser, uma);
    await row(u.page, vic).click();
    await expect(messages(u.page).filter({ hasText: markup })).toHaveCount(1);
    expect(await u.page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await expect(u.page.locator('.pc-bubble b')).toHaveCount(0);

    const bubble = messages(u.page).filter({ hasText: 'WWWW' }).locator('.pc-bubble');
    const chat = await u.page.getByTestId('chat-window').boundingBox();
    const box = await bubble.boundingBox();
    expect(box && chat && box.x + box.width <= chat.x + chat.width).toBe(true);
    expect(await u.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await expect(messages(u.page).filter({ hasText: '[暂不支持的消息类型]' })).toHaveCount(1);
    await u.context.close();
  });

  test('narrow screens: list and chat are separate screens with a back arrow', async ({ browser, request }) => {
    const wes = await createUser(request, 'wes', 'Wes');
    const xia = await createUser(request, 'xia', 'Xia');
    await sendTexts(request, xia, wes, ['hi from Xia']);
    const w = await openChat(browser, wes, { viewport: { width: 390, height: 844 } });
    await expect(w.page.getByTestId('chat-window')).toHaveCount(0);
    await row(w.page, xia).click();
    await expect(w.page.getByTestId('chat-title')).toHaveText('Xia');
    await expect(row(w.page, xia)).toBeHidden();
    await w.page.getByRole('button', { name: '返回' }).click();
    await expect(row(w.page, xia)).toBeVisible();
    await expect(w.page.getByTestId('chat-window')).toHaveCount(0);

    // Desktop width: side by side, no back arrow.
    await w.page.setViewportSize({ width: 1280, height: 800 });
    await row(w.page, xia).click();
    await expect(row(w.page, xia)).toBeVisible();
    await expect(w.page.getByRole('button', { name: '返回' })).toBeHidden();
    await w.context.close();
  });

  test("a new chat with an unknown user ID says 'The user does not exist'", async ({ browser, request }) => {
    const yan = await createUser(request, 'yan', 'Yan');
    const y = await openChat(browser, yan, { locale: 'en-US' });
    await y.page.getByRole('button', { name: 'English' }).click();
    await y.page.getByRole('button', { name: 'New chat' }).click();
    await y.page.getByRole('menuitem', { name: 'New one-to-one chat' }).click();
    const dialog = y.page.getByRole('dialog');
    await dialog.getByLabel('User ID').fill('nobody_at_all_here');
    await dialog.getByRole('button', { name: 'Start chat' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The user does not exist');
    await y.context.close();
  });
});
