import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  createGroup,
  createUser,
  groupRow,
  messageWith,
  openChat,
  row,
  sendTexts,
  type TestUser,
  typeAndSend,
  userSigOf,
} from './chat-support.ts';
import { auditKeyboard, expectKeyboardComplete } from './keyboard-support.ts';

/**
 * Every control of the chat's main screens is reachable and operable by keyboard with a visible focus (UI35–UI37):
 * Tab goes round each screen (the list with an open one-to-one chat, a group chat with its panel open, the settings
 * dialog, the contacts and the Me screens) at 1366 px and at 375 px, in Chinese, and reaches every visible control or
 * the roving group it belongs to, each with a focus indicator; Enter and Space work a sample of them. The audit
 * itself is checked against controls made to fail it.
 */

const VIEWPORTS = { desktop: { width: 1366, height: 800 }, phone: { width: 375, height: 812 } } as const;

/** `a` asks `b` to be friends and `b` agrees if asked, over the HTTP API, as their other devices would. */
async function befriend(request: APIRequestContext, a: TestUser, b: TestUser): Promise<void> {
  const ask = await request.post('/api/v1/friends', {
    headers: { authorization: `Bearer ${await userSigOf(request, a.userID)}` },
    data: { to: b.userID, source: 'AddSource_Type_Web', type: 'Add_Type_Both' },
  });
  expect(ask.ok(), await ask.text()).toBe(true);
  // 0: added at once (the peer lets anyone add them); otherwise the request waits for the peer.
  if (((await ask.json()) as { code: number }).code === 0) return;
  const agree = await request.post('/api/v1/friends/applications/accept', {
    headers: { authorization: `Bearer ${await userSigOf(request, b.userID)}` },
    data: { userID: a.userID, type: 'Response_Action_AgreeAndAdd' },
  });
  expect(agree.ok(), await agree.text()).toBe(true);
}

/** Two friends with a one-to-one conversation and a group, Alice's chat open at `viewport`. */
async function stage(browser: Browser, request: APIRequestContext, viewport: { width: number; height: number }) {
  const alice = await createUser(request, 'kbalice', '艾丽斯');
  const bob = await createUser(request, 'kbbob', '鲍勃');
  await befriend(request, alice, bob);
  await sendTexts(request, bob, alice, ['你好，在吗？', '看看这个 https://example.com/jobs 链接']);
  const session = await openChat(browser, alice, { viewport });
  const group = `键盘群${Date.now().toString(36)}`;
  await createGroup(session.page, group, [bob]);
  await typeAndSend(session.page, '群里的第一条');
  await expect(messageWith(session.page, '群里的第一条')).toBeVisible();
  return { ...session, alice, bob, group };
}

/** On a phone an open chat fills the screen: its back button shows the list again. */
async function backToList(page: Page): Promise<void> {
  const back = page.locator('.pc-chat__back');
  if (await back.isVisible()) await back.click();
  await expect(page.getByRole('listbox', { name: '会话列表' })).toBeVisible();
}

test.describe('keyboard reach of the chat', () => {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`UI35 UI36 ${device} ${viewport.width} px, zh: Tab reaches every control of each chat screen, each with a visible focus`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(600_000);
      const { context, page, bob, group } = await stage(browser, request, viewport);

      if (device === 'phone') {
        await backToList(page);
        await expectKeyboardComplete(page, `${device}: conversation list`);
      }
      await row(page, bob).click();
      await expect(messageWith(page, '你好，在吗？')).toBeVisible();
      await expectKeyboardComplete(page, `${device}: list + C2C chat`);

      await page.getByTestId('plugin-settings').click();
      await expect(page.getByTestId('settings-dialog')).toBeVisible();
      await expectKeyboardComplete(page, `${device}: settings dialog`);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('settings-dialog')).toHaveCount(0);

      await backToList(page);
      await groupRow(page, group).click();
      await expect(messageWith(page, '群里的第一条')).toBeVisible();
      await expectKeyboardComplete(page, `${device}: group chat`);
      await page.getByTestId('group-manage').click();
      const panel = page.getByTestId('group-panel');
      await expect(panel.getByTestId('member-preview').getByRole('button').first()).toBeVisible();
      await expectKeyboardComplete(page, `${device}: group chat + group panel`);
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);

      await backToList(page);
      await page.getByTestId('tab-contacts').click();
      await page.getByTestId('section-group').click();
      const entry = page.getByTestId('group-entry').filter({ hasText: group });
      await expect(entry).toBeVisible();
      await expectKeyboardComplete(page, `${device}: contacts`);
      await entry.click();
      await expect(page.getByTestId('pane-title')).toBeVisible();
      await expectKeyboardComplete(page, `${device}: contacts + a group's details`);
      const paneBack = page.getByTestId('pane-back');
      if (await paneBack.isVisible()) await paneBack.click();
      await page.getByTestId('section-friend').click();
      const friend = page.locator(`[data-testid="friend-entry"][data-id="${bob.userID}"]`);
      await friend.click();
      await expect(page.getByTestId('pane-title')).toBeVisible();
      await expectKeyboardComplete(page, `${device}: contacts + a friend's details`);
      if (await paneBack.isVisible()) await paneBack.click();

      await page.getByTestId('tab-me').click();
      await expect(page.getByTestId('profile-view-nick')).toBeVisible();
      await expectKeyboardComplete(page, `${device}: me`);
      await context.close();
    });
  }

  test('UI35 UI36 the audit finds a control Tab cannot reach, a focus without a ring, a ring cut away and a control under another (it is not vacuous)', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'kbself', '艾丽斯');
    const { context, page } = await openChat(browser, alice, { viewport: VIEWPORTS.desktop });
    await page.evaluate(() => {
      const fake = document.createElement('div');
      fake.setAttribute('role', 'button');
      fake.tabIndex = -1;
      fake.textContent = '注入的按钮';
      const bare = document.createElement('button');
      bare.type = 'button';
      bare.textContent = '无焦点环';
      // Through the CSSOM: the page's CSP refuses style attributes.
      bare.style.outline = 'none';
      // A button filling a box that clips: its ring, drawn outside it, is cut away.
      const box = document.createElement('div');
      Object.assign(box.style, { overflow: 'hidden', width: '120px', height: '32px' });
      const cut = document.createElement('button');
      cut.type = 'button';
      cut.textContent = '裁掉的焦点环';
      Object.assign(cut.style, { width: '100%', height: '100%', border: '0' });
      box.append(cut);
      // A button under a sheet of another element.
      const stack = document.createElement('div');
      stack.style.position = 'relative';
      const under = document.createElement('button');
      under.type = 'button';
      under.textContent = '被遮住的按钮';
      const lid = document.createElement('div');
      Object.assign(lid.style, { position: 'absolute', inset: '0', background: 'white' });
      stack.append(under, lid);
      document.body.prepend(fake, bare, box, stack);
    });
    const findings = await auditKeyboard(page);
    expect(findings.unreached).toContain('button "注入的按钮"');
    expect(findings.invisible).toContain('button "无焦点环"');
    expect(findings.invisible).toContain('button "裁掉的焦点环" (0% of its ring in sight)');
    expect(findings.invisible).toContain('button "被遮住的按钮" (under div.)');
    expect(findings.cycled).toBe(true);
    await context.close();
  });

  test('UI37 Enter and Space work a conversation row, a home tab, the group panel tabs and the theme switch', async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const { context, page, bob, group } = await stage(browser, request, VIEWPORTS.desktop);
    await page.emulateMedia({ colorScheme: 'light' });

    // A conversation row: Enter opens its chat.
    await row(page, bob).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-title')).toHaveText(bob.nick);
    await expect(messageWith(page, '你好，在吗？')).toBeVisible();

    // The theme switch in the settings dialog: Space on 'Dark' chooses it and the page turns dark.
    await page.getByTestId('plugin-settings').focus();
    await page.keyboard.press('Enter');
    const settings = page.getByTestId('settings-dialog');
    await expect(settings).toBeVisible();
    const dark = settings.getByRole('radio', { name: '深色' });
    await dark.focus();
    await page.keyboard.press('Space');
    await expect(dark).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.keyboard.press('ArrowRight');
    await expect(settings.getByRole('radio', { name: '跟随系统' })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.keyboard.press('Escape');
    await expect(settings).toHaveCount(0);

    // The group panel: Enter opens it; Enter and Space choose a tab, the arrows move and choose.
    await groupRow(page, group).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-title')).toHaveText(group);
    await page.getByTestId('group-manage').focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('group-panel');
    await expect(panel).toBeVisible();
    const tab = (name: string) => panel.getByTestId(`tab-${name}`);
    await tab('member').focus();
    await page.keyboard.press('Enter');
    await expect(tab('member')).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('button', { name: '鲍勃' }).first()).toBeVisible();
    await tab('main').focus();
    await page.keyboard.press('Space');
    await expect(tab('main')).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByTestId('member-preview')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(tab('member')).toBeFocused();
    await expect(tab('member')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);

    // A home tab: Space shows the contacts screen.
    await page.getByTestId('tab-contacts').focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('tab-contacts')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('section-friend')).toBeVisible();
    await context.close();
  });
});
