import { expect, test } from '@playwright/test';
import { input, messageWith } from './chat-support.ts';
import { ENTERPRISE, expectTopUser, freshMobile, signedIn } from './portal-support.ts';

/**
 * Decision 0010: a newcomer registers as a job seeker, searches a job, opens it and chats with the enterprise,
 * which answers from its own centre.
 */
test('POR17 a newcomer registers, searches, opens a job, chats; the enterprise answers from its centre', async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(360_000);
  const mobile = freshMobile();
  await page.goto('/register');
  await page.getByRole('radio', { name: '求职者' }).check();
  await page.getByLabel('姓名').fill('新人小王');
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill('xinren2026');
  await page.getByRole('button', { name: /^注\s?册$/ }).click();

  // Logged in at once, in the job seeker's centre, with the display cookies.
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByTestId('centre-heading')).toHaveText('您好，新人小王');
  await expectTopUser(page, '新人小王');
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  expect(cookies.identity).toBe('1');
  expect(cookies.userid).toBeTruthy();
  // A new resume is incomplete: the dot-badged 'complete resume' link shows.
  await expect(page.getByTestId('complete-resume')).toBeVisible();

  // Search from the header (blank text does nothing), then open the job.
  await page.goto('/job');
  await page.getByRole('search').getByRole('searchbox').fill('   ');
  await page.getByTestId('search-button').click();
  await expect(page).toHaveURL(/\/job$/);
  await page.getByRole('search').getByRole('searchbox').fill('前端开发工程师');
  await page.getByTestId('search-button').click();
  await expect(page).toHaveURL(/\/job\?val=%E5%89%8D%E7%AB%AF/);
  const card = page.getByTestId('job-card').filter({ hasText: '前端开发工程师' }).first();
  await expect(card).toContainText(ENTERPRISE.title);
  await card.getByRole('link', { name: '前端开发工程师' }).click();
  await expect(page).toHaveURL(/\/injob\?id=\d+$/);
  await expect(page.getByTestId('job-title')).toHaveText('前端开发工程师');
  await expect(page.getByTestId('job-company')).toContainText(ENTERPRISE.title);

  // Chat with the enterprise: the chat opens on its conversation.
  await page.getByTestId('chat-with-enterprise').click();
  await expect(page).toHaveURL(/\/user_chat/);
  await expect(page.getByTestId('chat-title')).toContainText(/太原智联|taiyuan_tech/);
  await input(page).fill('您好，前端开发工程师的岗位还在招吗？');
  await input(page).press('Enter');
  await expect(messageWith(page, '您好，前端开发工程师的岗位还在招吗？')).toBeVisible();

  // The enterprise, in its own centre, goes to its chat and answers.
  const company = await signedIn(browser, ENTERPRISE.userID);
  const hr = await company.newPage();
  await hr.goto('/cuser');
  await expect(hr.getByTestId('centre-heading')).toHaveText(ENTERPRISE.title);
  await hr.getByRole('navigation', { name: '企业中心' }).getByRole('link', { name: '在线沟通' }).click();
  await expect(hr).toHaveURL(/\/cuser_chat$/);
  await hr.locator('[data-conversation-id^="C2C"]').filter({ hasText: '新人小王' }).click();
  await expect(messageWith(hr, '您好，前端开发工程师的岗位还在招吗？')).toBeVisible();
  await input(hr).fill('在招的，欢迎投递简历！');
  await input(hr).press('Enter');

  await expect(messageWith(page, '在招的，欢迎投递简历！')).toBeVisible();
  await company.close();
});
