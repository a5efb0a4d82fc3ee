import { expect, type Page, test } from '@playwright/test';
import { createUser, input, messageWith, openChat, row, type TestUser, typeAndSend } from './chat-support.ts';

/**
 * What a new user met on a 1366×768 laptop (decision 0032; rules UI23, UI26, UI29, KACT30–KACT32), against the real
 * server and SDK: a send while offline, message actions without a right-click, a file dropped on the window, the
 * settings dialog's buttons. Every test creates its own users.
 */

const LAPTOP = { width: 1366, height: 768 };

async function startChat(page: Page, peer: TestUser): Promise<void> {
  await page.getByRole('button', { name: '发起单聊' }).click();
  await page.getByRole('menuitem', { name: '发起单聊' }).click();
  const dialog = page.getByRole('dialog', { name: '发起单聊' });
  await dialog.getByLabel('用户 ID').fill(peer.userID);
  await dialog.getByRole('button', { name: '开始聊天' }).click();
  await expect(input(page)).toBeFocused();
}

/** Drags a file from the desktop over the element (dragenter), and drops it when `drop`. */
async function dragFile(page: Page, testID: string, type: 'dragenter' | 'drop') {
  await page.getByTestId(testID).evaluate((el, type) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array([37, 80, 68, 70])], '简历.pdf', { type: 'application/pdf' }));
    el.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, type);
}

test.describe('chat kit on a laptop, review fixes', () => {
  test('UI23 KACT30 KACT31 KACT32 UI26 UI29 offline send, keyboard and ⋯ actions, delete asks, drop anywhere, settings fit', async ({
    browser,
    request,
  }) => {
    test.setTimeout(600_000);
    const alice = await createUser(request, 'ualice', '艾丽斯');
    const bob = await createUser(request, 'ubob', '鲍勃');
    const a = await openChat(browser, alice, { viewport: LAPTOP });
    const b = await openChat(browser, bob);
    await startChat(a.page, bob);
    await typeAndSend(a.page, '在线的消息');
    await row(b.page, alice).click();
    await expect(messageWith(b.page, '在线的消息')).toHaveCount(1);

    // UI23: offline, the send shows '!' at once (no waiting out a timeout) and goes by itself once back online.
    await a.context.setOffline(true);
    await expect(a.page.getByRole('alert').filter({ hasText: /网络/ })).toBeVisible();
    await typeAndSend(a.page, '离线时写的');
    const queued = messageWith(a.page, '离线时写的').getByTestId('resend-button');
    await expect(queued).toHaveAttribute('data-queued', 'true');
    await a.context.setOffline(false);
    await expect(queued).toHaveCount(0);
    await expect(messageWith(a.page, '离线时写的').getByTestId('read-state')).toBeVisible();
    await expect(messageWith(b.page, '离线时写的')).toHaveCount(1);

    // KACT30: the ⋯ button shows on hover and opens the actions menu.
    const first = messageWith(a.page, '在线的消息');
    await first.hover();
    await expect(first.getByTestId('message-more')).toHaveCSS('opacity', '1');
    await first.getByTestId('message-more').click();
    await expect(a.page.getByTestId('message-menu')).toBeVisible();
    await a.page.keyboard.press('Escape');
    await expect(a.page.getByTestId('message-menu')).toHaveCount(0);

    // KACT31: one tab stop in the list, the message last focused (Escape put the focus back on it); arrows move
    // between messages; Enter opens the menu, arrows move in it, Escape returns to the message.
    const bubble = messageWith(a.page, '离线时写的').getByTestId('message-menu-trigger');
    await expect(first.getByTestId('message-menu-trigger')).toBeFocused();
    await expect(first.getByTestId('message-menu-trigger')).toHaveAttribute('tabindex', '0');
    await expect(bubble).toHaveAttribute('tabindex', '-1');
    await a.page.keyboard.press('ArrowDown');
    await expect(bubble).toBeFocused();
    await expect(bubble).toHaveAttribute('tabindex', '0');
    await a.page.keyboard.press('ArrowUp');
    await expect(first.getByTestId('message-menu-trigger')).toBeFocused();
    await a.page.keyboard.press('Enter');
    const menu = a.page.getByTestId('message-menu');
    await expect(menu).toBeVisible();
    await a.page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem').and(a.page.locator(':focus'))).toHaveCount(1);
    await a.page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(first.getByTestId('message-menu-trigger')).toBeFocused();
    await a.page.keyboard.press('Shift+F10');
    await expect(menu).toBeVisible();

    // KACT32: delete asks first; Cancel keeps the message, the dialog's Delete removes it.
    await menu.getByTestId('action-delete').click();
    const confirm = a.page.getByTestId('delete-message-dialog');
    await expect(confirm).toContainText('删除这条消息？');
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(first).toHaveCount(1);
    await first.getByTestId('message-menu-trigger').focus();
    await a.page.keyboard.press('Enter');
    await menu.getByTestId('action-delete').click();
    await a.page.getByTestId('delete-message-confirm').click();
    await expect(first).toHaveCount(0);

    // UI26: a file dragged over the message list (not the input) shows the overlay; dropped there, it is sent.
    await dragFile(a.page, 'message-list', 'dragenter');
    await expect(a.page.getByTestId('drop-overlay')).toBeVisible();
    await expect(a.page.getByTestId('drop-overlay')).toHaveText('松开即可发送文件');
    await dragFile(a.page, 'message-list', 'drop');
    await expect(a.page.getByTestId('drop-overlay')).toHaveCount(0);
    // UI29: its card's icon carries the type's glyph.
    await expect(a.page.locator('.pc-file__icon--pdf .pc-file__label')).toHaveText('PDF');

    // UI29: the settings dialog fits 768 px: its Save and Close buttons are on screen; so on a phone.
    await a.page.getByTestId('plugin-settings').click();
    const settings = a.page.getByTestId('settings-dialog');
    await expect(settings.getByTestId('settings-save')).toBeInViewport({ ratio: 1 });
    const box = await settings.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= LAPTOP.height).toBe(true);
    await a.page.setViewportSize({ width: 375, height: 667 });
    await expect(settings.getByTestId('settings-save')).toBeInViewport({ ratio: 1 });
    await a.context.close();
    await b.context.close();
  });
});
