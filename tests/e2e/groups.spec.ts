import { expect, type Page, test } from '@playwright/test';
import { createGroup, createUser, groupRow, input, openChat, typeAndSend } from './chat-support.ts';

/**
 * Groups in the chat kit against the real server and SDK (decision 0012). Two or three users per test, each
 * in its own browser context; every test creates its own users and groups.
 */

async function openPanel(page: Page) {
  await page.getByTestId('group-manage').click();
  const panel = page.getByTestId('group-panel');
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('groups', () => {
  test('KGRP1 KGRP6 KGRP7 Work group: create, add a member, talk with sender names and a mention', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'galice', '艾丽斯');
    const bob = await createUser(request, 'gbob', '鲍勃');
    const a = await openChat(browser, alice);
    const b = await openChat(browser, bob);
    const name = `工作群 ${Date.now() % 100000}`;

    await createGroup(a.page, name, [], 'Private');
    // The owner adds Bob through the panel's picker, found by user ID.
    const panel = await openPanel(a.page);
    await panel.getByTestId('add-members').click();
    const picker = a.page.getByTestId('picker');
    await picker.getByTestId('picker-search').fill('nobody-at-all');
    await picker.getByTestId('picker-search').press('Enter');
    await expect(picker.getByRole('alert')).toHaveText('用户不存在');
    await picker.getByTestId('picker-search').fill(bob.userID);
    await picker.getByTestId('picker-search').press('Enter');
    await expect(picker.getByTestId('picker-done')).toBeEnabled();
    await picker.getByTestId('picker-done').click();
    await expect(panel.getByTestId('member-preview')).toContainText('鲍勃');
    await a.page.keyboard.press('Escape');

    await typeAndSend(a.page, '大家好');
    await expect(groupRow(b.page, name)).toContainText('大家好');
    await groupRow(b.page, name).click();
    const fromAlice = b.page.getByTestId('message').filter({ hasText: '大家好' });
    await expect(fromAlice.getByTestId('sender-name')).toHaveText('艾丽斯');
    await expect(b.page.getByTestId('group-tip').first()).toBeVisible();

    // Bob mentions Alice with the '@' list (Alice has no chat open); her list shows the mention until she reads it.
    await a.page.goto('/chat');
    await input(b.page).pressSequentially('看看 @艾');
    const list = b.page.getByTestId('mention-picker');
    await expect(list.getByTestId('mention-option')).toHaveCount(1);
    await input(b.page).press('Enter');
    await expect(input(b.page)).toHaveValue('看看 @艾丽斯 ');
    await input(b.page).press('Enter');
    await expect(groupRow(a.page, name).getByTestId('mention-mark')).toHaveText('[有人@我]');
    await groupRow(a.page, name).click();
    await expect(a.page.getByTestId('message').filter({ hasText: '看看 @艾丽斯' })).toBeVisible();
    await expect(groupRow(a.page, name).getByTestId('mention-mark')).toHaveCount(0);
  });

  test('KGRP1 KGRP3 Public group: Mute All disables a member’s input, not the owner’s, and back without reload', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'malice', '艾丽斯');
    const bob = await createUser(request, 'mbob', '鲍勃');
    const a = await openChat(browser, alice);
    const b = await openChat(browser, bob);
    const name = `公开群 ${Date.now() % 100000}`;
    await createGroup(a.page, name, [bob], 'Public');
    await typeAndSend(a.page, '欢迎');
    await groupRow(b.page, name).click();
    await expect(input(b.page)).toBeEnabled();

    const panel = await openPanel(a.page);
    await panel.getByTestId('tab-admin').click();
    // The switch shows the group's state: it turns on once the server has applied it.
    await panel.getByTestId('mute-all').click();
    await expect(panel.getByTestId('mute-all')).toBeChecked();
    await expect(input(b.page)).toBeDisabled();
    await expect(input(b.page)).toHaveAttribute('placeholder', '管理员开启全员禁言');
    // The owner still speaks.
    await expect(input(a.page)).toBeEnabled();
    await panel.getByTestId('mute-all').click();
    await expect(panel.getByTestId('mute-all')).not.toBeChecked();
    await expect(input(b.page)).toBeEnabled();

    // The row's menu mutes a group conversation's notifications too (setMessageRemindType with the groupID).
    await groupRow(b.page, name).click({ button: 'right' });
    await b.page.getByRole('menuitem', { name: '消息免打扰' }).click();
    await expect(groupRow(b.page, name).getByTestId('mute-icon')).toBeVisible();
  });

  test('KGRP1 KGRP3 Public group: mute a member for 30 days and unmute; the input follows', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'malice', '艾丽斯');
    const bob = await createUser(request, 'mbob', '鲍勃');
    const a = await openChat(browser, alice);
    const b = await openChat(browser, bob);
    const name = `公开群 ${Date.now() % 100000}`;
    await createGroup(a.page, name, [bob], 'Public');
    await typeAndSend(a.page, '欢迎');
    await groupRow(b.page, name).click();
    await expect(input(b.page)).toBeEnabled();

    const panel = await openPanel(a.page);
    await panel.getByTestId('tab-member').click();
    await panel.locator(`[data-user-id="${bob.userID}"]`).click();
    await panel.getByTestId('toggle-mute').click();
    await expect(input(b.page)).toBeDisabled();
    await expect(input(b.page)).toHaveAttribute('placeholder', '您已被管理员禁言');
    await expect(panel.getByTestId('toggle-mute')).toHaveText('解除禁言');
    await panel.getByTestId('toggle-mute').click();
    await expect(input(b.page)).toBeEnabled();
  });

  test('KGRP9 apply to a Public group and accept from the system notification view', async ({ browser, request }) => {
    const alice = await createUser(request, 'aalice', '艾丽斯');
    const carol = await createUser(request, 'acarol', '卡罗尔');
    const a = await openChat(browser, alice);
    const c = await openChat(browser, carol);
    const name = `申请群 ${Date.now() % 100000}`;
    await createGroup(a.page, name, [], 'Public');
    const panel = await openPanel(a.page);
    const groupID = (await panel.locator('.pc-kv__value').nth(1).textContent()) ?? '';
    await a.page.keyboard.press('Escape');

    await c.page.getByRole('button', { name: '发起单聊' }).click();
    await c.page.getByTestId('menu-join-group').click();
    const search = c.page.getByTestId('group-search-dialog');
    await search.getByTestId('group-search-input').fill(`  ${groupID}  `);
    await search.getByTestId('group-search-input').press('Enter');
    await expect(search.getByTestId('group-result')).toContainText(name);
    await search.getByTestId('apply-message').fill('我是卡罗尔');
    await search.getByTestId('join-group').click();
    await expect(search.getByTestId('join-state')).toHaveText('已申请');

    await a.page.getByRole('button', { name: '发起单聊' }).click();
    await a.page.getByTestId('menu-system-notices').click();
    const notice = a.page.getByTestId('system-notice').filter({ hasText: '我是卡罗尔' });
    await notice.getByRole('button', { name: '同意' }).click();
    await expect(notice.getByTestId('notice-handled')).toHaveText('已处理');
    await expect(groupRow(c.page, name)).toBeVisible();
  });

  test('KGRP10 KGRP14 a Work group asks invitees first: the invitee accepts in the system notification view and joins', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'ialice', '艾丽斯');
    const bob = await createUser(request, 'ibob', '鲍勃');
    const a = await openChat(browser, alice);
    const b = await openChat(browser, bob);
    const name = `邀请群 ${Date.now() % 100000}`;
    await createGroup(a.page, name, [], 'Private');
    const panel = await openPanel(a.page);
    await panel.getByTestId('invite-option').selectOption('NeedPermission');
    await expect(panel).toContainText('被邀请人在系统通知中同意后才会入群');
    await panel.getByTestId('add-members').click();
    const picker = a.page.getByTestId('picker');
    await picker.getByTestId('picker-search').fill(bob.userID);
    await picker.getByTestId('picker-search').press('Enter');
    await picker.getByTestId('picker-done').click();
    // Invited, not added: the preview still shows the owner alone.
    await expect(panel.getByTestId('member-preview')).not.toContainText('鲍勃');
    await a.page.keyboard.press('Escape');

    await b.page.getByRole('button', { name: '发起单聊' }).click();
    await b.page.getByTestId('menu-system-notices').click();
    const invitation = b.page.getByTestId('system-notice').filter({ hasText: `艾丽斯邀请您加入群组“${name}”` });
    await invitation.getByRole('button', { name: '同意' }).click();
    await expect(invitation.getByTestId('notice-handled')).toHaveText('已处理');
    await expect(groupRow(b.page, name)).toBeVisible();
    const systemRow = a.page.locator('[data-testid="conversation-row"][data-conversation-id="@TIM#SYSTEM"]');
    await expect(systemRow).toContainText(`鲍勃已同意加入群组“${name}”的邀请`);
  });
});

test.describe('groups: receipts and ownership', () => {
  test('KGRP8 read receipts count up as members read; the dialog lists read and unread members', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'ralice', '艾丽斯');
    const bob = await createUser(request, 'rbob', '鲍勃');
    const carol = await createUser(request, 'rcarol', '卡罗尔');
    const a = await openChat(browser, alice);
    const b = await openChat(browser, bob);
    const c = await openChat(browser, carol);
    const name = `回执群 ${Date.now() % 100000}`;
    await createGroup(a.page, name, [bob, carol], 'Public');
    await typeAndSend(a.page, '请确认收到');
    const state = a.page.getByTestId('message').filter({ hasText: '请确认收到' }).getByTestId('group-read-state');
    await expect(state).toHaveText('未读');
    await groupRow(b.page, name).click();
    await expect(b.page.getByTestId('message').filter({ hasText: '请确认收到' })).toBeVisible();
    await expect(state).toHaveText('1人已读');
    await state.click();
    const dialog = a.page.getByTestId('read-receipt-dialog');
    await expect(dialog.getByTestId('receipt-user')).toHaveText(['鲍勃']);
    await dialog.getByTestId('tab-1').click();
    await expect(dialog.getByTestId('receipt-user')).toHaveText(['卡罗尔']);
    await a.page.keyboard.press('Escape');
    await groupRow(c.page, name).click();
    await expect(state).toHaveText('全部已读');
  });

  test('KGRP3 KGRP5 transfer ownership with the single-select picker, then the new owner dismisses after confirming', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'talice', '艾丽斯');
    const bob = await createUser(request, 'tbob', '鲍勃');
    const a = await openChat(browser, alice);
    const b = await openChat(browser, bob);
    const name = `转让群 ${Date.now() % 100000}`;
    await createGroup(a.page, name, [bob], 'Public');
    await typeAndSend(a.page, '转让给你');
    await groupRow(b.page, name).click();
    await expect(b.page.getByTestId('message').filter({ hasText: '转让给你' })).toBeVisible();

    const panel = await openPanel(a.page);
    await expect(panel.getByTestId('quit')).toHaveCount(0);
    await panel.getByTestId('transfer').click();
    const picker = a.page.getByTestId('picker');
    await expect(picker.getByTestId('picker-select-all')).toHaveCount(0);
    await expect(picker.getByTestId('picker-done')).toBeDisabled();
    await expect(picker.getByTestId('picker-option').filter({ hasText: '艾丽斯' }).getByRole('radio')).toBeDisabled();
    await picker.getByTestId('picker-option').filter({ hasText: '鲍勃' }).click();
    await picker.getByTestId('picker-done').click();
    // Alice is a member now: no transfer, no dismiss, a quit button.
    await expect(panel.getByTestId('transfer')).toHaveCount(0);
    await expect(panel.getByTestId('quit')).toBeVisible();
    await a.page.keyboard.press('Escape');

    const bobPanel = await openPanel(b.page);
    await bobPanel.getByTestId('dismiss').click();
    const confirm = b.page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(groupRow(b.page, name)).toBeVisible();
    await bobPanel.getByTestId('dismiss').click();
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(groupRow(b.page, name)).toHaveCount(0);
    await expect(groupRow(a.page, name)).toHaveCount(0);
  });

  test('KGRP3 an owner makes a member admin: the admin gets the admin tab; quitting asks first and leaves a tip', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'qalice', '艾丽斯');
    const bob = await createUser(request, 'qbob', '鲍勃');
    const a = await openChat(browser, alice);
    const b = await openChat(browser, bob);
    const name = `管理员群 ${Date.now() % 100000}`;
    await createGroup(a.page, name, [bob], 'ChatRoom');
    await typeAndSend(a.page, '开会了');
    await groupRow(b.page, name).click();
    let bobPanel = await openPanel(b.page);
    await expect(bobPanel.getByTestId('tab-admin')).toHaveCount(0);
    await b.page.keyboard.press('Escape');

    const panel = await openPanel(a.page);
    await panel.getByTestId('tab-member').click();
    await panel.locator(`[data-user-id="${bob.userID}"]`).click();
    await panel.getByTestId('toggle-admin').click();
    await expect(panel.getByTestId('toggle-admin')).toHaveText('取消管理员');
    await a.page.keyboard.press('Escape');

    bobPanel = await openPanel(b.page);
    await bobPanel.getByTestId('tab-admin').click();
    await expect(bobPanel.getByTestId('mute-all')).toBeVisible();
    await bobPanel.getByTestId('tab-main').click();
    await expect(bobPanel.getByTestId('dismiss')).toHaveCount(0);
    await bobPanel.getByTestId('quit').click();
    await b.page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    await expect(groupRow(b.page, name)).toHaveCount(0);
    await expect(a.page.getByTestId('group-tip').filter({ hasText: '鲍勃退出了群聊' })).toBeVisible();
  });
});
