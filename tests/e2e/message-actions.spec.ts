import { expect, type Page, test } from '@playwright/test';
import { createUser, input, messageWith, openChat, row, type TestUser, typeAndSend } from './chat-support.ts';

/**
 * Message actions in the chat kit against the real server and SDK (decision 0015): two users, each in
 * their own browser context; every test creates its own users.
 */

async function startChat(page: Page, peer: TestUser): Promise<void> {
  await page.getByRole('button', { name: '发起单聊' }).click();
  await page.getByRole('menuitem', { name: '发起单聊' }).click();
  const dialog = page.getByRole('dialog', { name: '发起单聊' });
  await dialog.getByLabel('用户 ID').fill(peer.userID);
  await dialog.getByRole('button', { name: '开始聊天' }).click();
  await expect(input(page)).toBeFocused();
}

async function openMenu(page: Page, text: string) {
  await messageWith(page, text).getByTestId('message-menu-trigger').click({ button: 'right' });
  const menu = page.getByTestId('message-menu');
  await expect(menu).toBeVisible();
  return menu;
}

test.describe('message actions', () => {
  test('KACT7 KACT12 KACT13 recall, delete and reactions from both sides, seen live by the peer', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'aalice', '艾丽斯');
    const bob = await createUser(request, 'abob', '鲍勃');
    const a = await openChat(browser, alice);
    const b = await openChat(browser, bob);
    await startChat(a.page, bob);
    await typeAndSend(a.page, '第一条');
    await typeAndSend(a.page, '要撤回的');
    await row(b.page, alice).click();
    await expect(messageWith(b.page, '要撤回的')).toHaveCount(1);

    // Both react to the first message at the same moment: both reactions land, each side sees the count of 2.
    const aMenu = await openMenu(a.page, '第一条');
    const bMenu = await openMenu(b.page, '第一条');
    await Promise.all([
      aMenu.getByTestId('reaction-option').first().click(),
      bMenu.getByTestId('reaction-option').first().click(),
    ]);
    for (const page of [a.page, b.page]) {
      const reaction = messageWith(page, '第一条').getByTestId('reaction');
      await expect(reaction).toHaveText('😄2');
      await expect(reaction).toHaveAttribute('aria-pressed', 'true');
    }
    // Alice takes hers back: Bob sees 1, no longer pressed on Alice's side.
    await messageWith(a.page, '第一条').getByTestId('reaction').click();
    await expect(messageWith(b.page, '第一条').getByTestId('reaction')).toHaveText('😄1');
    await expect(messageWith(a.page, '第一条').getByTestId('reaction')).toHaveAttribute('aria-pressed', 'false');

    // Recall: both sides show the recall line in place of the text.
    const menu = await openMenu(a.page, '要撤回的');
    await menu.getByTestId('action-revoke').click();
    await expect(a.page.locator('.pc-msg-notice').getByText('你撤回了一条消息')).toBeVisible();
    await expect(b.page.locator('.pc-msg-notice').getByText('艾丽斯撤回了一条消息')).toBeVisible();
    // The conversation list shows the recall too (ACT5).
    await expect(row(b.page, alice)).toContainText('艾丽斯撤回了一条消息');
    await expect(messageWith(b.page, '要撤回的')).toHaveCount(0);
    // Re-edit puts the recalled text back in Alice's input; Bob has no such link.
    await a.page.getByTestId('reedit').click();
    await expect(input(a.page)).toHaveValue('要撤回的');
    await expect(b.page.getByTestId('reedit')).toHaveCount(0);
    await input(a.page).fill('');

    // Bob's messages are not Alice's to recall: her menu on them has no recall.
    await typeAndSend(b.page, '鲍勃的消息');
    const theirs = await openMenu(a.page, '鲍勃的消息');
    await expect(theirs.getByTestId('action-revoke')).toHaveCount(0);
    // Delete is for me only: gone for Alice, kept for Bob.
    await theirs.getByTestId('action-delete').click();
    // KACT32: it asks first.
    await a.page.getByTestId('delete-message-confirm').click();
    await expect(messageWith(a.page, '鲍勃的消息')).toHaveCount(0);
    await a.page.reload();
    await row(a.page, bob).click();
    await expect(messageWith(a.page, '第一条')).toHaveCount(1);
    await expect(messageWith(a.page, '鲍勃的消息')).toHaveCount(0);
    await expect(messageWith(b.page, '鲍勃的消息')).toHaveCount(1);
  });
});

test('KACT6 typing is shown in the peer’s header while the user types and cleared when the input empties', async ({
  browser,
  request,
}) => {
  const alice = await createUser(request, 'talice', '艾丽斯');
  const bob = await createUser(request, 'tbob', '鲍勃');
  const a = await openChat(browser, alice);
  const b = await openChat(browser, bob);
  await startChat(a.page, bob);
  await typeAndSend(a.page, '在吗？');
  await row(b.page, alice).click();
  // Bob's answer asks for typing signals; Alice's typing then shows in Bob's header, never in the list.
  await typeAndSend(b.page, '在的');
  await expect(messageWith(a.page, '在的')).toHaveCount(1);
  await input(a.page).fill('我想问一下');
  await expect(b.page.getByTestId('typing')).toHaveText('对方正在输入…');
  await input(a.page).fill('');
  await expect(b.page.getByTestId('typing')).toHaveCount(0);
  await expect(b.page.getByTestId('message')).toHaveCount(2);
  await expect(row(b.page, alice)).toContainText('在的');
});
