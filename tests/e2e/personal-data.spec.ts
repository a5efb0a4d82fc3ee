import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createUser, openChat, type TestUser, uniqueID, userSigOf } from './chat-support.ts';
import { E2E_ADMIN_KEY } from './e2e-env.ts';

/**
 * Personal data (decision 0051) in the chat kit against the real server: from the Me tab a user downloads the archive
 * and deletes the account with the password; the other member then sees the group messages as from a deleted user.
 * Once in Chinese, once in English.
 */

async function groupWith(request: APIRequestContext, owner: TestUser, member: TestUser, text: string) {
  const sig = await userSigOf(request, owner.userID);
  const headers = { authorization: `Bearer ${sig}` };
  const created = await request.post('/api/v1/groups', {
    headers,
    data: { name: `g-${owner.userID}`.slice(0, 30), type: 'Public', memberList: [{ userID: member.userID }] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const groupID = ((await created.json()) as { group: { groupID: string } }).group.groupID;
  const sent = await request.post('/api/v1/messages', {
    headers,
    data: { ID: uniqueID('m'), conversationType: 'GROUP', to: groupID, type: 'TIMTextElem', payload: { text } },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return groupID;
}

async function english(page: Page) {
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('tab-contacts')).toContainText('Contacts');
}

for (const lang of ['zh', 'en'] as const) {
  const words =
    lang === 'zh'
      ? { save: '保存数据归档', wrong: '密码错误', deleted: '已注销用户', export: '下载我的数据', del: '注销账号' }
      : {
          save: 'Save the archive',
          wrong: 'Wrong password',
          deleted: 'Deleted user',
          export: 'Download my data',
          del: 'Delete account',
        };

  test(`PDAT1 PDAT9 PDAT20 PDAT21 PDAT22 (${lang}) download my data, then delete my account; the group shows a deleted user`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const zoe = await createUser(request, 'zoe', lang === 'zh' ? '佐伊' : 'Zoe');
    const bob = await createUser(request, 'bob', 'Bob');
    const text = `hello-${uniqueID('t')}`;
    const groupID = await groupWith(request, zoe, bob, text);

    const z = await openChat(browser, zoe);
    if (lang === 'en') await english(z.page);
    await z.page.getByTestId('tab-me').click();
    await z.page.getByTestId('my-data-export').click();
    await expect(z.page.getByTestId('my-data-export')).toHaveCount(0);
    const link = z.page.getByTestId('my-data-download');
    await expect(link).toHaveText(words.save);
    const [download] = await Promise.all([z.page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^parley-data-.*\.tar$/);
    const archive = readFileSync((await download.path()) ?? '');
    expect(archive.includes(Buffer.from(`parley-data-${zoe.userID}/account.json`))).toBe(true);
    expect(archive.includes(Buffer.from(text))).toBe(true);

    await z.page.getByTestId('my-data-delete').click();
    const dialog = z.page.getByTestId('delete-account-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('delete-account-password').fill('not my password');
    await dialog.getByTestId('delete-account-confirm').click();
    await expect(dialog.getByRole('alert')).toHaveText(words.wrong);
    await dialog.getByTestId('delete-account-password').fill('parley-e2e-pass');
    await dialog.getByTestId('delete-account-confirm').click();
    await expect(dialog).toHaveCount(0);
    // The account is gone: its userSigs are refused and its ID cannot come back.
    const again = await request.post('/admin/v1/accounts', {
      headers: { 'x-parley-admin-key': E2E_ADMIN_KEY },
      data: { userID: zoe.userID },
    });
    expect(again.status()).toBe(409);
    await z.context.close();

    const b = await openChat(browser, bob);
    if (lang === 'en') await english(b.page);
    await b.page.locator(`[data-conversation-id="GROUP${groupID}"]`).click();
    const message = b.page.getByTestId('message').filter({ hasText: text });
    await expect(message.getByTestId('sender-name')).toHaveText(words.deleted);
    await b.context.close();
  });
}
