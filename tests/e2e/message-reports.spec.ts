import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-support.ts';
import { createUser, messageWith, openChat, row, sendTexts } from './chat-support.ts';
import { E2E_CONSOLE_ADMIN } from './e2e-env.ts';

/**
 * Message reports (decision 0055) in Chromium, in Chinese and in English: a user reports a message from the chat's
 * message menu, an operator removes it on the console's Reports page, and the message is recalled in the chat.
 */
const TEXT = {
  zh: {
    report: '举报',
    title: '举报这条消息',
    reason: '垃圾广告',
    sent: '已举报，感谢你的反馈',
    name: '管理员名',
    password: '密码',
    reports: '举报',
    ok: '确定',
    removed: '你举报的消息已被管理员移除。',
  },
  en: {
    report: 'Report',
    title: 'Report this message',
    reason: 'Spam',
    sent: 'Reported. Thank you for telling us',
    name: 'Admin name',
    password: 'Password',
    reports: 'Reports',
    ok: 'OK',
    removed: 'The message you reported was removed by a moderator.',
  },
} as const;

for (const language of ['zh', 'en'] as const) {
  const t = TEXT[language];
  test(`RPT13 RPT15 RPT16 RPT18 RPT20 a message reported from the chat is removed on the console (${language})`, async ({
    browser,
    request,
  }) => {
    const reporter = await createUser(request, `rpa${language}`, `举报人${language}`);
    const sender = await createUser(request, `rpb${language}`, `发送者${language}`);
    const bad = `cheap pills ${language} ${Date.now().toString(36)}`;
    await sendTexts(request, sender, reporter, ['hello there', bad]);

    const { page } = await openChat(browser, reporter);
    if (language === 'en') {
      await page.evaluate(() => localStorage.setItem('parley.language', 'en'));
      await page.reload();
    }
    await row(page, sender).click();
    const message = messageWith(page, bad);
    await message.getByTestId('message-menu-trigger').click({ button: 'right' });
    await page.getByTestId('message-menu').getByTestId('action-report').click();
    const dialog = page.getByTestId('report-dialog');
    await expect(dialog.getByRole('heading', { name: t.title })).toBeVisible();
    await dialog.getByRole('radio', { name: t.reason }).check();
    await dialog.getByTestId('report-note').fill('again and again');
    await expectNoSeriousViolations(page, `report dialog, ${language}, light`);
    await page.getByTestId('theme-switch').selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectNoSeriousViolations(page, `report dialog, ${language}, dark`);
    await dialog.getByTestId('report-submit').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('toast').getByText(t.sent)).toBeVisible();

    const admin = await browser.newContext();
    try {
      await admin.addInitScript((lang) => localStorage.setItem('parley.language', lang), language);
      const desk = await admin.newPage();
      await desk.goto('/admin');
      await desk.getByLabel(t.name).fill(E2E_CONSOLE_ADMIN.name);
      await desk.getByLabel(t.password).fill(E2E_CONSOLE_ADMIN.password);
      await desk.getByLabel(t.password).press('Enter');
      await expect(desk.getByTestId('admin-me')).toBeVisible();
      await desk.getByRole('link', { name: t.reports, exact: true }).click();
      await expect(desk).toHaveURL(/\/admin\/console\/reports$/);
      const card = desk.getByTestId('admin-report').filter({ hasText: bad });
      await expect(card).toContainText('hello there');
      await expect(card).toContainText('again and again');
      await expectNoSeriousViolations(desk, `console reports, ${language}, light`);
      await desk.getByTestId('theme-switch').selectOption('dark');
      await expect(desk.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expectNoSeriousViolations(desk, `console reports, ${language}, dark`);
      await card.getByTestId('admin-report-remove').click();
      await desk.getByRole('button', { name: t.ok }).click();
      await expect(card).toHaveCount(0);
    } finally {
      await admin.close();
    }
    // RPT11: recalled on the reporter's screen through the usual push.
    await expect(messageWith(page, bad)).toHaveCount(0);
    // RPT13: the outcome is a notice in the reporter's system conversation.
    await page.locator('[data-conversation-id="@TIM#SYSTEM"]').click();
    await expect(page.getByTestId('system-notice').locator('.pc-notice__text')).toHaveText([t.removed]);
  });
}
