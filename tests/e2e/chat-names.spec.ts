import { expect, test } from '@playwright/test';
import { createUser, groupRow, openChat } from './chat-support.ts';

/**
 * People are named, never shown by ID (KGRP15), tips are Chinese sentences without spaces and an approved
 * application reads as a join (KGRP16), and a new group starts with its 'created' line (KGRP17). Every test makes its
 * own users through the admin API.
 */

test('KGRP15 KGRP16 KGRP17 a join request and its approval name the applicant, and the join reads as a join', async ({
  browser,
  request,
}) => {
  const lina = await createUser(request, 'nlina', '李娜');
  const wang = await createUser(request, 'nwang', '王芳');
  const a = await openChat(browser, lina);
  const w = await openChat(browser, wang);
  const name = `招聘群${Date.now() % 100000}`;

  await a.page.getByRole('button', { name: '发起单聊' }).click();
  await a.page.getByTestId('menu-new-group').click();
  const dialog = a.page.getByTestId('new-group-dialog');
  await dialog.getByTestId('group-type').selectOption('Public');
  await dialog.getByTestId('group-name-input').fill(name);
  await dialog.getByTestId('create-group').click();
  await expect(a.page.getByTestId('chat-title')).toHaveText(name);
  // The new group's first line, in the chat and as the list's preview (KGRP17).
  await expect(a.page.getByTestId('group-tip')).toHaveText(['你创建了群聊']);
  await expect(groupRow(a.page, name)).toContainText('你创建了群聊');

  await a.page.getByTestId('group-manage').click();
  const panel = a.page.getByTestId('group-panel');
  const groupID = (await panel.locator('.pc-kv__value').nth(1).textContent()) ?? '';
  await a.page.keyboard.press('Escape');

  await w.page.getByRole('button', { name: '发起单聊' }).click();
  await w.page.getByTestId('menu-join-group').click();
  const search = w.page.getByTestId('group-search-dialog');
  await search.getByTestId('group-search-input').fill(groupID);
  await search.getByTestId('group-search-input').press('Enter');
  await search.getByTestId('apply-message').fill('想加入');
  await search.getByTestId('join-group').click();
  await expect(search.getByTestId('join-state')).toHaveText('已申请');

  await a.page.getByRole('button', { name: '发起单聊' }).click();
  await a.page.getByTestId('menu-system-notices').click();
  const notice = a.page.getByTestId('system-notice').filter({ hasText: '想加入' });
  // The applicant by nickname, in a sentence without spaces (KGRP15, KGRP16).
  await expect(notice.locator('.pc-notice__text')).toHaveText(`王芳申请加入群组“${name}”`);
  await notice.getByRole('button', { name: '同意' }).click();
  await expect(notice.getByTestId('notice-handled')).toHaveText('已处理');

  await groupRow(a.page, name).click();
  await expect(a.page.getByTestId('group-tip').last()).toHaveText('王芳加入了群聊');
  await expect(groupRow(a.page, name)).toContainText('王芳加入了群聊');
  await w.page.keyboard.press('Escape');
  await groupRow(w.page, name).click();
  await expect(w.page.getByTestId('group-tip').last()).toHaveText('你加入了群聊');
  // Closed, not left running for the rest of the lane: a left page keeps its socket, timers and renderer busy.
  await a.context.close();
  await w.context.close();
});
