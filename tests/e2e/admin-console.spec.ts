import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-support.ts';
import { createUser } from './chat-support.ts';
import { E2E_CONSOLE_ADMIN } from './e2e-env.ts';

/**
 * The admin console (decision 0053) in Chromium, in Chinese and in English: sign in with an admin account (never the
 * shared key), find a user, disable them, see it in the audit log, edit the word list; axe-clean in light and dark.
 */
const TEXT = {
  zh: {
    signIn: '登录',
    name: '管理员名',
    password: '密码',
    role: '运维管理员',
    users: '用户',
    audit: '审计日志',
    words: '违禁词',
    live: '实时',
    feedback: '意见反馈',
    feedbackOpen: '待回复',
    view: '查看',
    disable: '停用',
    ok: '确定',
    disabled: '已停用',
    wrong: '管理员名或密码错误',
    save: '保存',
    signOut: '退出登录',
  },
  en: {
    signIn: 'Sign in',
    name: 'Admin name',
    password: 'Password',
    role: 'Operator',
    users: 'Users',
    audit: 'Audit log',
    words: 'Prohibited words',
    live: 'Live',
    feedback: 'Feedback',
    feedbackOpen: 'To answer',
    view: 'View',
    disable: 'Disable',
    ok: 'OK',
    disabled: 'Disabled',
    wrong: 'Wrong admin name or password',
    save: 'Save',
    signOut: 'Sign out',
  },
} as const;

async function open(context: BrowserContext, language: 'zh' | 'en'): Promise<Page> {
  await context.addInitScript((lang) => localStorage.setItem('parley.language', lang), language);
  const page = await context.newPage();
  await page.goto('/admin');
  return page;
}

for (const language of ['zh', 'en'] as const) {
  const t = TEXT[language];
  test(`ADM5 ADM14 ADM20 ADM30 the console signs an operator in, disables a user, logs it and edits words (${language})`, async ({
    browser,
    request,
  }) => {
    const user = await createUser(request, `adm${language}`, `管理测试${language}`);
    const context = await browser.newContext();
    try {
      const page = await open(context, language);
      // A wrong password: the form says so, in the page's language, and signs nobody in.
      await page.getByLabel(t.name).fill(E2E_CONSOLE_ADMIN.name);
      await page.getByLabel(t.password).fill('not-the-password');
      await page.getByRole('button', { name: t.signIn }).click();
      await expect(page.getByRole('alert')).toContainText(t.wrong);
      await expectNoSeriousViolations(page, `console login, ${language}`);
      // The keyboard signs in: Enter in the password field submits.
      await page.getByLabel(t.password).fill(E2E_CONSOLE_ADMIN.password);
      await page.getByLabel(t.password).press('Enter');
      await expect(page.getByTestId('admin-me')).toContainText(`${E2E_CONSOLE_ADMIN.name} · ${t.role}`);
      await expect(page).toHaveURL(/\/admin\/console\/users$/);
      // The cookie is the console's own and HttpOnly: no script of the page can read it.
      expect(await page.evaluate(() => document.cookie)).not.toContain('parley_admin_sid');

      await page.getByTestId('admin-user-search').getByRole('searchbox').fill(user.userID);
      await page.getByTestId('admin-user-search').getByRole('searchbox').press('Enter');
      await page
        .getByRole('row', { name: new RegExp(user.userID) })
        .getByRole('button')
        .click();
      const card = page.getByTestId('admin-user-detail');
      await expect(card).toContainText(user.nick);
      await card.getByTestId('admin-user-disable').click();
      await page.getByRole('button', { name: t.ok }).click();
      await expect(card).toContainText(t.disabled);
      // axe reads the toast's colours mid-fade; it is checked once it has settled away.
      await expect(page.locator('.ant-message-notice')).toHaveCount(0);
      await expectNoSeriousViolations(page, `console users, ${language}, light`);
      await page.getByTestId('theme-switch').selectOption('dark');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expectNoSeriousViolations(page, `console users, ${language}, dark`);
      await page.getByTestId('theme-switch').selectOption('light');

      await page.getByRole('link', { name: t.audit }).click();
      await expect(page).toHaveURL(/\/admin\/console\/audit$/);
      const row = page
        .getByTestId('admin-audit')
        .getByRole('row', { name: new RegExp(`user\\.disable.*${user.userID}`) });
      await expect(row).toContainText(E2E_CONSOLE_ADMIN.name);
      await expectNoSeriousViolations(page, `console audit, ${language}`);

      // ADM37: the portal's feedback queue, open items first.
      await page.getByRole('link', { name: t.feedback }).click();
      await expect(page.getByRole('combobox', { name: /./ }).first()).toBeVisible();
      await expect(page.locator('.admin-page')).toContainText(t.feedbackOpen);
      await expectNoSeriousViolations(page, `console feedback, ${language}`);

      // ADM35: the live page lists this server's node with its push connections.
      await page.getByRole('link', { name: t.live }).click();
      await expect(page.getByTestId('admin-live').locator('tbody tr.ant-table-row')).toHaveCount(1);
      await expectNoSeriousViolations(page, `console live, ${language}`);

      // A word added on the console is stored; the list comes back as saved after a reload; then it is taken out.
      const word = `控台词${language}${Date.now().toString(36)}`;
      await page.getByRole('link', { name: t.words }).click();
      const box = page.getByTestId('admin-words');
      await expect(box).not.toHaveValue('');
      const before = await box.inputValue();
      await box.fill(`${before}\n${word}`);
      await page.getByTestId('admin-words-save').click();
      await expect(page.getByTestId('admin-words-save')).toBeDisabled();
      await page.reload();
      await expect(page.getByTestId('admin-words')).toHaveValue(new RegExp(word));
      await expectNoSeriousViolations(page, `console words, ${language}`);
      await page.getByTestId('admin-words').fill(before);
      await page.getByTestId('admin-words-save').click();
      await expect(page.getByTestId('admin-words-save')).toBeDisabled();

      await page.getByRole('button', { name: t.signOut }).click();
      await expect(page.getByRole('button', { name: t.signIn })).toBeVisible();
    } finally {
      await context.close();
    }
  });
}
