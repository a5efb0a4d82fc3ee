import { expect, type Page, test } from '@playwright/test';
import { createUser, input, messageWith, openChat, row, type TestUser, typeAndSend } from './chat-support.ts';

/**
 * Edited messages in the chat kit against the real server and SDK (decision 0046): two users, each in their own
 * browser context; the test creates its own users.
 */

async function startChat(page: Page, peer: TestUser): Promise<void> {
  await page.getByRole('button', { name: '发起单聊' }).click();
  await page.getByRole('menuitem', { name: '发起单聊' }).click();
  const dialog = page.getByRole('dialog', { name: '发起单聊' });
  await dialog.getByLabel('用户 ID').fill(peer.userID);
  await dialog.getByRole('button', { name: '开始聊天' }).click();
  await expect(input(page)).toBeFocused();
}

test.describe('edited messages', () => {
  test('EDIT12 EDIT13 EDIT14 A edits a sent text; B sees the new text and 已编辑 live; A sees the earlier version', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'ealice', '艾丽斯');
    const bob = await createUser(request, 'ebob', '鲍勃');
    const a = await openChat(browser, alice);
    const b = await openChat(browser, bob);
    await startChat(a.page, bob);
    await typeAndSend(a.page, '周三下午面试');
    await row(b.page, alice).click();
    await expect(messageWith(b.page, '周三下午面试')).toHaveCount(1);

    // Alice edits from the message's menu: the text moves into the input under the editing bar; Enter saves.
    await messageWith(a.page, '周三下午面试').getByTestId('message-menu-trigger').click({ button: 'right' });
    await a.page.getByTestId('message-menu').getByTestId('action-edit').click();
    await expect(a.page.getByTestId('editing-bar')).toContainText('编辑消息');
    await expect(input(a.page)).toHaveValue('周三下午面试');
    await input(a.page).fill('周四下午面试');
    await input(a.page).press('Enter');
    await expect(a.page.getByTestId('editing-bar')).toHaveCount(0);

    // Bob sees the new text and the mark without reloading; the old text is gone.
    await expect(messageWith(b.page, '周四下午面试')).toHaveCount(1);
    await expect(messageWith(b.page, '周三下午面试')).toHaveCount(0);
    await expect(messageWith(b.page, '周四下午面试').getByTestId('edited-mark')).toHaveText('已编辑');

    // Alice's mark opens the versions: the earlier text and the current one.
    const mark = messageWith(a.page, '周四下午面试').getByRole('button', { name: '已编辑，查看历史版本' });
    await mark.click();
    const dialog = a.page.getByRole('dialog', { name: '编辑历史' });
    await expect(dialog.getByTestId('edit-version')).toContainText('周三下午面试');
    await expect(dialog.getByTestId('edit-version-current')).toContainText('周四下午面试');
    await a.page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(mark).toBeFocused();
    // Bob's mark is text only: no versions for him.
    await expect(messageWith(b.page, '周四下午面试').getByRole('button', { name: '已编辑，查看历史版本' })).toHaveCount(
      0,
    );
    await a.context.close();
    await b.context.close();
  });
});
