import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, expectTheme } from './a11y-support.ts';
import { createGroup, createUser, messageWith, openChat, row, sendTexts, typeAndSend } from './chat-support.ts';

/** Conversation groups and Pin in the message menu, in the real browser, server and SDK (decision 0049). */

const tab = (page: Page, name: string) => page.getByTestId('group-tabs').getByRole('tab', { name, exact: true });

/** The ⋯ beside the tabs, then one of its items. */
async function groupOption(page: Page, options: string, item: string) {
  await page.getByRole('button', { name: options }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function nameDialog(page: Page, name: string) {
  const dialog = page.getByTestId('conv-group-name-dialog');
  await dialog.getByTestId('conv-group-name-input').fill(name);
  await dialog.getByTestId('conv-group-name-save').click();
  await expect(dialog).toHaveCount(0);
}

test.describe('conversation groups', () => {
  test('CGRP20 a group made on the laptop shows on the phone with its conversation; renamed on the phone and deleted on the laptop, it follows (zh, en)', async ({
    browser,
    request,
  }) => {
    // Two browser contexts of one user on a shared 2-core machine: generous, as a 4x slower machine needs.
    test.setTimeout(300_000);
    const alice = await createUser(request, 'galice', '艾丽斯');
    const bob = await createUser(request, 'gbob', '鲍勃');
    const cat = await createUser(request, 'gcat', '凯特');
    await sendTexts(request, bob, alice, ['简历已发']);
    await sendTexts(request, cat, alice, ['周五开会']);
    const laptop = await openChat(browser, alice);
    const phone = await openChat(browser, alice, { viewport: { width: 320, height: 640 } });
    // No tabs before the first group; the list header's '+' menu makes it.
    await expect(laptop.page.getByTestId('group-tabs')).toHaveCount(0);
    await groupOption(laptop.page, '发起单聊', '新建会话分组…');
    await nameDialog(laptop.page, '候选人');
    await expect(tab(laptop.page, '候选人')).toHaveAttribute('aria-selected', 'true');
    await expect(laptop.page.getByText('此分组中没有会话')).toBeVisible();
    await tab(laptop.page, '全部').click();
    // Bob goes in by the row's menu, from the keyboard: Shift+F10, the sub-menu by ArrowRight, the group by Enter.
    await row(laptop.page, bob).focus();
    await laptop.page.keyboard.press('Shift+F10');
    const submenu = laptop.page.getByRole('menuitem', { name: '加入分组' });
    for (let i = 0; i < 10 && !(await submenu.evaluate((el) => el === document.activeElement)); i++)
      await laptop.page.keyboard.press('ArrowDown');
    await expect(submenu).toBeFocused();
    await laptop.page.keyboard.press('ArrowRight');
    const check = laptop.page.getByRole('menuitemcheckbox', { name: '候选人' });
    await expect(check).toBeFocused();
    await laptop.page.keyboard.press('Enter');

    // The phone learns the group and its conversation by push, without a reload.
    await tab(phone.page, '候选人').click();
    await expect(row(phone.page, bob)).toBeVisible();
    await expect(row(phone.page, cat)).toHaveCount(0);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.page.screenshot({ path: test.info().outputPath('group-tabs-320.png') });
    await expectNoSeriousViolations(phone.page, 'group tabs, light');
    await phone.page.emulateMedia({ colorScheme: 'dark' });
    await expectTheme(phone.page, 'dark');
    await expectNoSeriousViolations(phone.page, 'group tabs, dark');

    await groupOption(phone.page, '分组操作', '重命名分组…');
    await nameDialog(phone.page, '同事');
    await expect(tab(laptop.page, '同事')).toBeVisible();
    await tab(laptop.page, '同事').click();
    await expect(row(laptop.page, bob)).toBeVisible();
    await expect(row(laptop.page, cat)).toHaveCount(0);

    // English: the same tabs and items in the other language.
    await laptop.page.getByRole('button', { name: 'English' }).click();
    await expect(tab(laptop.page, 'All')).toBeVisible();
    await row(laptop.page, bob).click({ button: 'right' });
    await expect(laptop.page.getByRole('menuitem', { name: 'Add to group' })).toBeVisible();
    await laptop.page.keyboard.press('Escape');
    await expectNoSeriousViolations(laptop.page, 'group tabs, en');
    await groupOption(laptop.page, 'Group options', 'Delete group');
    await laptop.page.getByTestId('group-delete-dialog').getByRole('button', { name: 'Delete' }).click();
    // The last group gone, the tabs go on both devices and the list shows everything again.
    await expect(laptop.page.getByTestId('group-tabs')).toHaveCount(0);
    await expect(phone.page.getByTestId('group-tabs')).toHaveCount(0);
    await expect(row(phone.page, cat)).toBeVisible();
    await laptop.context.close();
    await phone.context.close();
  });

  test('PIN10 the group owner pins from the message menu; a member has no Pin (zh, en)', async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const owner = await createUser(request, 'powner', '欧文');
    const member = await createUser(request, 'pmember', '梅梅');
    const o = await openChat(browser, owner);
    await createGroup(o.page, '招聘组', [member]);
    await typeAndSend(o.page, '面试安排');
    await messageWith(o.page, '面试安排').getByTestId('message-menu-trigger').click({ button: 'right' });
    await o.page.getByRole('menuitem', { name: '置顶', exact: true }).click();
    await expect(o.page.getByTestId('pinned-bar')).toContainText('面试安排');
    await messageWith(o.page, '面试安排').getByTestId('message-menu-trigger').click({ button: 'right' });
    await expect(o.page.getByRole('menuitem', { name: '取消置顶' })).toBeVisible();
    await o.page.keyboard.press('Escape');

    const m = await openChat(browser, member, { locale: 'en-US' });
    await m.page.getByRole('button', { name: 'English' }).click();
    await m.page.locator('[data-testid="conversation-row"][data-conversation-id^="GROUP"]').click();
    await expect(m.page.getByTestId('pinned-bar')).toContainText('面试安排');
    await messageWith(m.page, '面试安排').getByTestId('message-menu-trigger').click({ button: 'right' });
    await expect(m.page.getByRole('menuitem', { name: 'Reply' })).toBeVisible();
    await expect(m.page.getByRole('menuitem', { name: 'Pin', exact: true })).toHaveCount(0);
    await expect(m.page.getByRole('menuitem', { name: 'Unpin' })).toHaveCount(0);
    await m.page.keyboard.press('Escape');
    await o.context.close();
    await m.context.close();
  });
});
