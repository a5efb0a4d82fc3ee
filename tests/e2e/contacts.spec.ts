import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { openChat, PASSWORD, sendTexts, type TestUser, uniqueID, userSigOf } from './chat-support.ts';
import { docShot, E2E_ADMIN_KEY } from './e2e-env.ts';

/**
 * Contacts, profiles and presence in the chat kit against the real server and SDK (decision 0017). Two long
 * scenarios rather than many short ones: the desktop one in Chinese (then English for its screenshots), the phone
 * one in English (then Chinese).
 */

const MOBILE = { width: 390, height: 844 };

async function makeUser(
  request: APIRequestContext,
  prefix: string,
  nick: string,
  more: { allowType?: string; avatar?: string } = {},
) {
  const userID = uniqueID(prefix);
  const response = await request.post('/admin/v1/accounts', {
    headers: { 'x-parley-admin-key': E2E_ADMIN_KEY },
    data: { userID, password: PASSWORD, identity: 1, profile: { nick, ...more } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { userID, nick } satisfies TestUser;
}

const friendEntry = (page: Page, user: TestUser) =>
  page.locator(`[data-testid="friend-entry"][data-id="${user.userID}"]`);

/** Opens the contact screen's friends section (a no-op when it is open already). */
async function openFriends(page: Page) {
  await page.getByTestId('tab-contacts').click();
  const header = page.getByTestId('section-friend');
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
}

async function sendAs(request: APIRequestContext, from: TestUser, to: TestUser, text: string) {
  const userSig = await userSigOf(request, from.userID);
  return request.post('/api/v1/messages', {
    headers: { authorization: `Bearer ${userSig}` },
    data: { ID: uniqueID('m'), conversationType: 'C2C', to: to.userID, type: 'TIMTextElem', payload: { text } },
  });
}

async function english(page: Page) {
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('tab-contacts')).toContainText('Contacts');
}

async function reopen(browser: Browser, user: TestUser) {
  return openChat(browser, user);
}

test.describe('contacts', () => {
  test('KCNT1 KCNT3 KCNT4 KCNT11 KCNT12 KCNT13 KCNT14 KCNT15 KCNT16 desktop: friends by request, presence both ways, profile edit seen by the friend, profile card, block and unblock, group by ID', async ({
    browser,
    request,
  }) => {
    test.setTimeout(480_000);
    const alice = await makeUser(request, 'calice', '艾丽斯');
    // Bob's avatar is an upload that is gone (a file URL of the right form that the server does not have): it shows
    // as the default, not a broken image (KCNT11).
    const bob = await makeUser(request, 'cbob', '鲍勃', {
      allowType: 'AllowType_Type_NeedConfirm',
      avatar: '/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA',
    });
    const a = await openChat(browser, alice);
    let b = await openChat(browser, bob);

    // Alice asks Bob (who confirms requests) with a verification message.
    await a.page.getByTestId('tab-contacts').click();
    await a.page.getByTestId('add-friend').click();
    const dialog = a.page.getByTestId('add-friend-dialog');
    await dialog.getByTestId('add-friend-input').fill('  nobody-here  ');
    await dialog.getByTestId('add-friend-input').press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('用户不存在');
    await dialog.getByTestId('add-friend-input').fill(` ${bob.userID} `);
    await dialog.getByTestId('add-friend-input').press('Enter');
    await expect(dialog.getByTestId('add-friend-result')).toContainText('鲍勃');
    await dialog.getByTestId('add-friend-wording').fill('我是招聘方艾丽斯');
    await dialog.getByTestId('add-friend-send').click();
    await expect(dialog.getByTestId('add-friend-done')).toHaveText('好友申请已发送');
    await a.page.keyboard.press('Escape');

    // Bob sees the request without a reload, with its badge and message, and accepts.
    await b.page.getByTestId('tab-contacts').click();
    await expect(b.page.getByTestId('badge-friend')).toContainText('1');
    await b.page.getByTestId('section-friend').click();
    await b.page.getByTestId('requests-entry').click();
    const requestRow = b.page.locator(`[data-testid="friend-request"][data-user-id="${alice.userID}"]`);
    await expect(requestRow).toContainText('我是招聘方艾丽斯');
    await requestRow.getByTestId('request-accept').click();
    await expect(friendEntry(b.page, alice)).toContainText('艾丽斯');

    // Alice's list follows, with Bob online; Bob leaving shows offline, coming back online again (KCNT12).
    await openFriends(a.page);
    await expect(friendEntry(a.page, bob)).toContainText('鲍勃');
    await expect(friendEntry(a.page, bob).locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect(friendEntry(a.page, bob).getByTestId('presence-dot')).toHaveAttribute('data-online', 'true');
    await b.context.close();
    await expect(friendEntry(a.page, bob).getByTestId('presence-dot')).toHaveAttribute('data-online', 'false');
    b = await reopen(browser, bob);
    await expect(friendEntry(a.page, bob).getByTestId('presence-dot')).toHaveAttribute('data-online', 'true');

    // Friend details (KCNT4), then 'send message' opens the chat, whose header shows Bob's status.
    await friendEntry(a.page, bob).click();
    const details = a.page.getByTestId('friend-details');
    await expect(details.getByTestId('friend-id')).toHaveText(bob.userID);
    await expect(details.getByTestId('friend-signature')).toHaveText('未设置');
    await docShot(a.page, 'contacts-friend-zh.png');
    await details.getByTestId('friend-send').click();
    await expect(a.page.getByTestId('chat-title')).toHaveText('鲍勃');
    await expect(a.page.getByTestId('chat-window').getByTestId('presence-text')).toHaveText('在线');
    await a.page.getByTestId('message-input').fill('你好，鲍勃');
    await a.page.getByTestId('message-input').press('Enter');

    // Alice edits her profile on the desktop form; Bob's friend list shows the new name without a reload.
    await a.page.getByTestId('tab-me').click();
    await expect(a.page.getByTestId('profile-view-nick')).toHaveText('艾丽斯');
    await expect(a.page.getByTestId('profile-view-birthday')).toHaveText('未设置');
    await docShot(a.page, 'profile-view-zh.png');
    await a.page.getByTestId('profile-edit').click();
    await expect(a.page.getByTestId('edit-id')).toHaveAttribute('readonly', '');
    await a.page.getByTestId('avatar-option').nth(2).click();
    await a.page.getByTestId('edit-nick').fill('艾丽斯_HR');
    await a.page.getByTestId('edit-signature').fill('太原招聘');
    await a.page.getByTestId('gender-female').click();
    await a.page.getByTestId('edit-birthday').fill('1990-05-17');
    await docShot(a.page, 'profile-edit-zh.png');
    await a.page.getByTestId('edit-save').click();
    await expect(a.page.getByTestId('profile-view-nick')).toHaveText('艾丽斯_HR');
    await expect(a.page.getByTestId('profile-view-birthday')).toHaveText('1990-05-17');
    await expect(a.page.getByTestId('profile-view-gender')).toHaveText('女');
    await openFriends(b.page);
    await expect(friendEntry(b.page, alice)).toContainText('艾丽斯_HR');

    // Bob opens Alice's card from her avatar in the chat (decision 0017).
    await b.page.getByTestId('tab-chat').click();
    await b.page.locator(`[data-conversation-id="C2C${alice.userID}"]`).click();
    await b.page.getByTestId('message').getByTestId('avatar-button').first().click();
    const card = b.page.getByTestId('user-card');
    await expect(card.getByTestId('card-name')).toHaveText('艾丽斯_HR');
    await expect(card.getByTestId('card-signature')).toHaveText('太原招聘');
    await expect(card.getByTestId('presence-text')).toHaveText('在线');
    await expect(card.getByTestId('card-add')).toHaveCount(0);
    await b.page.keyboard.press('Escape');

    // Alice blocks Bob: his messages are refused with 20007; unblocking lets them through again.
    await openFriends(a.page);
    await friendEntry(a.page, bob).click();
    await a.page.getByTestId('friend-block').click();
    await a.page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    const blockedEntry = a.page.locator(`[data-testid="blocked-entry"][data-id="${bob.userID}"]`);
    await expect(blockedEntry).toBeVisible();
    await expect(friendEntry(a.page, bob)).toHaveCount(0);
    const refused = await sendAs(request, bob, alice, 'blocked?');
    expect((await refused.json()).code).toBe(20007);
    await blockedEntry.click();
    await a.page.getByTestId('friend-unblock').click();
    await expect(blockedEntry).toHaveCount(0);
    expect((await sendAs(request, bob, alice, 'after unblock')).ok()).toBe(true);

    // Bob finds Alice's group by its ID in 'add group chat' and joins; it is in his groups with its buttons.
    await a.page.getByTestId('tab-chat').click();
    await a.page.getByRole('button', { name: '发起单聊' }).click();
    await a.page.getByTestId('menu-new-group').click();
    const create = a.page.getByTestId('new-group-dialog');
    await create.getByTestId('group-type').selectOption('ChatRoom');
    await create.getByTestId('group-name-input').fill('太原求职交流');
    await create.getByTestId('create-group').click();
    await expect(a.page.getByTestId('chat-title')).toHaveText('太原求职交流');
    const groupID =
      (await a.page.locator('[data-conversation-id^="GROUP"]').first().getAttribute('data-conversation-id'))?.slice(
        5,
      ) ?? '';
    // The inline box (KCNT16): focus moves in, an unknown ID says so, the trimmed ID finds the group.
    await b.page.getByTestId('tab-contacts').click();
    await b.page.getByTestId('add-group').click();
    const search = b.page.getByTestId('group-search-box');
    const input = search.getByTestId('group-search-input');
    await expect(input).toBeFocused();
    await input.fill('no-such-group');
    await input.press('Enter');
    await expect(search.getByRole('alert')).toHaveText('群组不存在');
    await input.fill(`  ${groupID}  `);
    await input.press('Enter');
    await expect(search.getByTestId('group-result')).toContainText('太原求职交流');
    await expect(search.getByRole('alert')).toHaveCount(0);
    await search.getByTestId('join-group').click();
    await expect(search.getByTestId('join-state')).toHaveText('已申请');
    await docShot(b.page, 'contacts-search-zh.png');
    await search.getByTestId('group-search-cancel').click();
    await expect(search).toHaveCount(0);
    await expect(b.page.getByTestId('add-group')).toBeFocused();
    // Alice handles the application from the system notifications section, which marks it read (KCNT3).
    await a.page.getByTestId('tab-contacts').click();
    await expect(a.page.getByTestId('badge-system')).toBeVisible();
    await a.page.getByTestId('section-system').click();
    const notice = a.page.getByTestId('system-notice').first();
    await notice.getByRole('button', { name: '同意' }).click();
    await expect(notice.getByTestId('notice-handled')).toBeVisible();
    await expect(a.page.getByTestId('badge-system')).toHaveCount(0);
    await docShot(a.page, 'contacts-system-zh.png');
    await b.page.getByTestId('section-group').click();
    await b.page.locator(`[data-testid="group-entry"][data-id="${groupID}"]`).click();
    await expect(b.page.getByTestId('group-details').getByTestId('group-id')).toHaveText(groupID);
    await expect(b.page.getByTestId('group-quit')).toBeVisible();
    await docShot(b.page, 'contacts-group-zh.png');

    // English screenshots of the same screens.
    await english(a.page);
    await a.page.getByTestId('tab-contacts').click();
    await a.page.getByTestId('section-group').click();
    await expect(a.page.getByTestId('group-dismiss')).toHaveText('Dismiss group');
    await docShot(a.page, 'contacts-group-en.png');
    await a.page.getByTestId('tab-me').click();
    await expect(a.page.getByTestId('profile-view-gender')).toHaveText('Female');
    await docShot(a.page, 'profile-view-en.png');
    await a.page.getByTestId('profile-edit').click();
    await docShot(a.page, 'profile-edit-en.png');
    await a.page.getByTestId('edit-cancel').click();
    await expect(a.page.getByTestId('profile-view-nick')).toHaveText('艾丽斯_HR');
    await a.context.close();
    await b.context.close();
  });

  test('KCNT8 KCNT15 KCNT16 phone: profile rows and full-screen sheets (confirm disabled while empty), the peer sees the change; contact pane with back arrow', async ({
    browser,
    request,
  }) => {
    test.setTimeout(360_000);
    const carol = await makeUser(request, 'ccarol', 'Carol');
    const dave = await makeUser(request, 'cdave', 'Dave');
    await sendTexts(request, dave, carol, ['hello Carol']);
    const c = await openChat(browser, carol, { viewport: MOBILE });
    await english(c.page);
    const d = await openChat(browser, dave);
    await expect(d.page.locator(`[data-conversation-id="C2C${carol.userID}"]`)).toContainText('Carol');

    await c.page.getByTestId('tab-me').click();
    await expect(c.page.getByTestId('profile-view-nick')).toHaveText('Carol');
    await docShot(c.page, 'profile-view-mobile-en.png');
    await c.page.getByTestId('profile-view').click();
    await c.page.getByTestId('row-nick').click();
    const sheet = c.page.getByTestId('sheet-nick');
    await sheet.getByTestId('sheet-input').fill('');
    await expect(sheet.getByTestId('sheet-confirm')).toBeDisabled();
    await sheet.getByTestId('sheet-input').fill('Carol_Li');
    await expect(sheet.getByTestId('sheet-confirm')).toBeEnabled();
    await docShot(c.page, 'profile-sheet-nick-en.png');
    await sheet.getByTestId('sheet-confirm').click();
    await expect(sheet).toHaveCount(0);
    await expect(c.page.getByTestId('row-nick')).toContainText('Carol_Li');
    // The peer's conversation row follows without a reload (CNT1).
    await expect(d.page.locator(`[data-conversation-id="C2C${carol.userID}"]`)).toContainText('Carol_Li');

    await c.page.getByTestId('row-selfSignature').click();
    await expect(c.page.getByTestId('sheet-selfSignature').getByTestId('sheet-confirm')).toBeDisabled();
    await c.page.getByTestId('sheet-selfSignature').getByTestId('sheet-input').fill('Looking for work in Taiyuan');
    await c.page.getByTestId('sheet-selfSignature').getByTestId('sheet-confirm').click();
    await c.page.getByTestId('row-gender').click();
    await expect(c.page.getByTestId('sheet-gender').getByTestId('sheet-confirm')).toBeDisabled();
    await c.page.getByTestId('sheet-gender').getByTestId('gender-female').click();
    await docShot(c.page, 'profile-sheet-gender-en.png');
    await c.page.getByTestId('sheet-gender').getByTestId('sheet-confirm').click();
    await c.page.getByTestId('row-birthday').click();
    await c.page.getByTestId('sheet-birthday').getByTestId('sheet-input').fill('1998-02-03');
    await c.page.getByTestId('sheet-birthday').getByTestId('sheet-confirm').click();
    await expect(c.page.getByTestId('row-birthday')).toContainText('1998-02-03');
    await docShot(c.page, 'profile-rows-en.png');
    await c.page.getByTestId('rows-back').click();
    await expect(c.page.getByTestId('profile-view-signature')).toHaveText('Looking for work in Taiyuan');

    // The contact screen on a phone: the column, then the pane as its own screen with a back arrow and title.
    await c.page.getByTestId('tab-contacts').click();
    await c.page.getByTestId('section-system').click();
    await expect(c.page.getByTestId('pane-title')).toHaveText('System notifications');
    await expect(c.page.getByTestId('tab-chat')).toBeHidden();
    await c.page.getByTestId('pane-back').click();
    await expect(c.page.getByTestId('contact-column')).toBeVisible();
    await docShot(c.page, 'contacts-mobile-en.png');
    // 'Add group chat' inline on a phone, by keyboard: Escape closes the box and gives focus back (KCNT16).
    await c.page.getByTestId('add-group').click();
    await c.page.keyboard.type(' no-such-group ');
    await c.page.keyboard.press('Enter');
    await expect(c.page.getByTestId('group-search-box').getByRole('alert')).toHaveText('group does not exist');
    await docShot(c.page, 'contacts-search-mobile-en.png');
    await c.page.keyboard.press('Escape');
    await expect(c.page.getByTestId('add-group')).toBeFocused();

    // Chinese sheet and contact column.
    await c.page.getByTestId('tab-me').click();
    await c.page.getByRole('button', { name: '中文' }).click();
    await c.page.getByTestId('profile-view').click();
    await c.page.getByTestId('row-avatar').click();
    await c.page.getByTestId('sheet-avatar').getByTestId('avatar-option').nth(4).click();
    await docShot(c.page, 'profile-sheet-avatar-zh.png');
    await c.page.getByTestId('sheet-avatar').getByTestId('sheet-confirm').click();
    await expect(c.page.getByTestId('sheet-avatar')).toHaveCount(0);
    await docShot(c.page, 'profile-rows-zh.png');
    await c.page.getByTestId('rows-back').click();
    await c.page.getByTestId('tab-contacts').click();
    await docShot(c.page, 'contacts-mobile-zh.png');
    await c.context.close();
    await d.context.close();
  });
});
