import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, expectTheme } from './a11y-support.ts';
import { createUser, openChat, row, sendTexts } from './chat-support.ts';

/** Conversation marks on the server, in the real browser, server and SDK (decision 0043). */

test.describe('conversation marks', () => {
  test('MARK13 marked unread and starred on one device, both show on a second device of the user; opening there clears the unread mark on both', async ({
    browser,
    request,
  }) => {
    // Two browser contexts of one user on a shared 2-core machine: generous, as a 4x slower machine needs.
    test.setTimeout(300_000);
    const alice = await createUser(request, 'malice', '艾丽斯');
    const bob = await createUser(request, 'mbob', '鲍勃');
    // Alice wrote last, so nothing is unread for her: only the mark can show.
    await sendTexts(request, alice, bob, ['周五见']);
    const laptop = await openChat(browser, alice);
    const phone = await openChat(browser, alice, { viewport: { width: 320, height: 640 } });
    const phoneRow = row(phone.page, bob);
    await expect(phoneRow).toBeVisible();
    await expect(phoneRow.getByTestId('unread-mark')).toHaveCount(0);

    await row(laptop.page, bob).click({ button: 'right' });
    await laptop.page.getByRole('menuitem', { name: '标为未读' }).click();
    // The star by keyboard: the focused row's menu opens with Shift+F10, arrows reach the item, Enter chooses it.
    await row(laptop.page, bob).focus();
    await laptop.page.keyboard.press('Shift+F10');
    const star = laptop.page.getByRole('menuitem', { name: '星标', exact: true });
    await expect(star).toBeVisible();
    for (let i = 0; i < 6 && !(await star.evaluate((el) => el === document.activeElement)); i++)
      await laptop.page.keyboard.press('ArrowDown');
    await expect(star).toBeFocused();
    await laptop.page.keyboard.press('Enter');
    await expect(row(laptop.page, bob)).toHaveAttribute('data-marked-unread', 'true');
    await expect(row(laptop.page, bob)).toHaveAttribute('data-starred', 'true');

    // The phone learns both by push, without a reload.
    await expect(phoneRow.getByRole('img', { name: '已标为未读' })).toBeVisible();
    await expect(phoneRow.getByRole('img', { name: '星标' })).toBeVisible();
    await expect(phoneRow).toHaveAttribute('data-starred', 'true');
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.page.screenshot({ path: test.info().outputPath('marked-row-320.png') });
    await expectNoSeriousViolations(phone.page, 'marked row, light');
    await phone.page.emulateMedia({ colorScheme: 'dark' });
    await expectTheme(phone.page, 'dark');
    await phone.page.screenshot({ path: test.info().outputPath('marked-row-320-dark.png') });
    await expectNoSeriousViolations(phone.page, 'marked row, dark');

    // Opening the conversation on the phone reads it: the unread mark goes on both devices, the star stays.
    await phoneRow.click();
    await expect(phone.page.getByTestId('chat-title')).toHaveText('鲍勃');
    await expect(row(laptop.page, bob).getByTestId('unread-mark')).toHaveCount(0);
    await expect(row(laptop.page, bob)).not.toHaveAttribute('data-marked-unread', 'true');
    await expect(row(laptop.page, bob).getByTestId('star-mark')).toBeVisible();
    await laptop.page.reload();
    await expect(row(laptop.page, bob).getByTestId('star-mark')).toBeVisible();
    await expect(row(laptop.page, bob).getByTestId('unread-mark')).toHaveCount(0);
    await laptop.context.close();
    await phone.context.close();
  });
});
