import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, expectTheme, focusOutline, tabUntil } from './a11y-support.ts';
import {
  createGroup,
  createUser,
  groupRow,
  input,
  messageWith,
  openChat,
  row,
  sendTexts,
  type TestUser,
  typeAndSend,
} from './chat-support.ts';

/**
 * Theme and accessibility of the chat kit (decision 0031, rules UI13–UI22): axe finds nothing serious or critical on
 * the main chat screens in light and dark, the Light/Dark/System switch persists and follows the system, the keyboard
 * reaches the composer, Send and the conversation rows with a visible focus ring, and a dialog closed with Escape
 * gives focus back to its opener. Each test makes its own users.
 */

/** Axe over the list with an open C2C chat, its actions menu, the settings dialog and a group chat. */
async function auditChatScreens(page: Page, peer: TestUser, group: string, where: string): Promise<void> {
  await row(page, peer).click();
  await expect(messageWith(page, '你好，在吗？')).toBeVisible();
  await expectNoSeriousViolations(page, `${where}: list + C2C chat`);

  await messageWith(page, '你好，在吗？').getByTestId('message-menu-trigger').click({ button: 'right' });
  await expect(page.getByTestId('message-menu')).toBeVisible();
  await expectNoSeriousViolations(page, `${where}: actions menu`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('message-menu')).toHaveCount(0);

  await page.getByTestId('plugin-settings').click();
  await expect(page.getByTestId('settings-dialog')).toBeVisible();
  await expectNoSeriousViolations(page, `${where}: settings dialog`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-dialog')).toHaveCount(0);

  await groupRow(page, group).click();
  await expect(page.getByTestId('chat-title')).toHaveText(group);
  await expect(messageWith(page, '群里的第一条')).toBeVisible();
  await expectNoSeriousViolations(page, `${where}: group chat`);
}

test.describe('theme and accessibility of the chat', () => {
  test('UI13 UI15 UI16 axe finds nothing serious on the chat screens, light and dark, zh and en', async ({
    browser,
    request,
  }) => {
    test.slow();
    const alice = await createUser(request, 'thalice', '艾丽斯');
    const bob = await createUser(request, 'thbob', '鲍勃');
    await sendTexts(request, bob, alice, ['你好，在吗？', '这是一条比较长的消息，用来看列表里的预览文字够不够清楚。']);
    const { context, page } = await openChat(browser, alice);
    await row(page, bob).click();
    await typeAndSend(page, '在的，请讲');
    await expect(messageWith(page, '在的，请讲')).toBeVisible();
    const group = `主题群${Date.now().toString(36)}`;
    await createGroup(page, group, [bob]);
    await typeAndSend(page, '群里的第一条');
    await expect(messageWith(page, '群里的第一条')).toBeVisible();

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectTheme(page, scheme);
      await auditChatScreens(page, bob, group, `zh ${scheme} (system)`);
    }
    // English labels are longer and some are other elements' names: audit them too, in dark.
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('.language-switch button[lang="en"]')?.click());
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await auditChatScreens(page, bob, group, 'en dark (system)');
    await context.close();
  });

  test('UI13 UI14 the Light/Dark/System switch in the chat settings persists across a reload and System follows the system', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'thswitch', '艾丽斯');
    const bob = await createUser(request, 'thpeer', '鲍勃');
    await sendTexts(request, bob, alice, ['你好，在吗？']);
    const { context, page } = await openChat(browser, alice);
    await page.emulateMedia({ colorScheme: 'light' });
    await expectTheme(page, 'light');
    await row(page, bob).click();

    // Dark by the switch while the system is light: the kit and the page header turn dark, and stay so after a reload.
    await page.getByTestId('plugin-settings').click();
    const dialog = page.getByTestId('settings-dialog');
    await dialog.getByRole('radio', { name: '深色' }).check();
    await expectTheme(page, 'dark');
    const kitBg = () => page.locator('.pc-home').evaluate((el) => getComputedStyle(el).backgroundColor);
    const headerBg = () => page.locator('.app-header').evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect.poll(kitBg).not.toBe('rgb(255, 255, 255)');
    await expect.poll(headerBg).not.toBe('rgb(255, 255, 255)');
    await expectNoSeriousViolations(page, 'settings dialog, dark by the switch');
    await page.keyboard.press('Escape');
    await page.reload();
    await expectTheme(page, 'dark');
    await row(page, bob).click();
    await expect(messageWith(page, '你好，在吗？')).toBeVisible();
    await expectNoSeriousViolations(page, 'C2C chat, dark by the switch after a reload');

    // System: follows the emulated scheme both ways, live.
    await page.getByTestId('plugin-settings').click();
    await expect(dialog.getByRole('radio', { name: '深色' })).toBeChecked();
    await dialog.getByRole('radio', { name: '跟随系统' }).check();
    await expectTheme(page, 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectTheme(page, 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expectTheme(page, 'light');

    // Light by the switch wins over a dark system.
    await dialog.getByRole('radio', { name: '浅色' }).check();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expectTheme(page, 'light');
    await context.close();
  });

  test('UI17 UI18 the keyboard reaches a conversation row, the composer and Send with a visible focus ring', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'thkeys', '艾丽斯');
    const bob = await createUser(request, 'thkpeer', '鲍勃');
    await sendTexts(request, bob, alice, ['你好，在吗？']);
    const { context, page } = await openChat(browser, alice);
    await row(page, bob).click();
    await expect(messageWith(page, '你好，在吗？')).toBeVisible();
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const focusedIs = (testid: string) => async () => (await focusOutline(page)).testid === testid;
      expect(await tabUntil(page, focusedIs('conversation-row')), `${scheme}: Tab reaches a conversation row`).toBe(
        true,
      );
      let outline = await focusOutline(page);
      expect(outline.style, `${scheme}: the row's focus ring`).not.toBe('none');
      expect(outline.width).toBeGreaterThanOrEqual(2);
      expect(await tabUntil(page, focusedIs('message-input')), `${scheme}: Tab reaches the composer`).toBe(true);
      await input(page).fill('用键盘发');
      const onSend = async () => (await focusOutline(page)).className.includes('pc-input__send');
      expect(await tabUntil(page, onSend), `${scheme}: Tab reaches Send`).toBe(true);
      outline = await focusOutline(page);
      expect(outline.style, `${scheme}: Send's focus ring`).not.toBe('none');
      expect(outline.width).toBeGreaterThanOrEqual(2);
      await input(page).fill('');
    }
    await context.close();
  });

  test('UI19 Escape closes a dialog and gives focus back to the button that opened it', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'thesc', '艾丽斯');
    const bob = await createUser(request, 'thepeer', '鲍勃');
    await sendTexts(request, bob, alice, ['你好，在吗？']);
    const { context, page } = await openChat(browser, alice);
    await row(page, bob).click();
    const opener = page.getByTestId('plugin-settings');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('settings-dialog');
    await expect(dialog).toBeVisible();
    // Focus is inside the dialog and Tab keeps it there.
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await context.close();
  });
});
