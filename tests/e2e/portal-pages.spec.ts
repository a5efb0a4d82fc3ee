import { expect, type Page, test } from '@playwright/test';
import { ENTERPRISE, freshMobile, signedIn } from './portal-support.ts';

/**
 * Decision 0010 (PCP1-PCP12): the centre routes that were empty states are real pages for both identities.
 * A newcomer job seeker opens and applies to a job, verifies the real name and sends feedback; the enterprise sets
 * the application's status, opens the resume, and uses its recommendation, job fair, package and certification pages;
 * the job seeker then sees the status and who viewed the resume.
 */

async function register(page: Page, name: string) {
  await page.goto('/register');
  await page.getByRole('radio', { name: '求职者' }).check();
  await page.getByLabel('姓名').fill(name);
  await page.getByLabel('手机号').fill(freshMobile());
  await page.getByLabel('密码', { exact: true }).fill('xinren2026');
  await page.getByRole('button', { name: /^注\s?册$/ }).click();
  await expect(page).toHaveURL(/\/user$/);
}

test('PCP13 PCP1-PCP12 the centre pages of a job seeker and an enterprise, with the application status between them', async ({
  browser,
  page,
}) => {
  test.setTimeout(480_000);
  const name = `新人${Date.now() % 10_000}`;
  await register(page, name);

  // PCP1: an empty history, then the job just opened.
  await page.goto('/user_job');
  await expect(page.getByTestId('list-empty')).toContainText('暂无浏览记录');
  await page.goto('/injob?id=2');
  const jobTitle = (await page.locator('h1').first().textContent())?.trim() ?? '';
  await page.getByTestId('apply-job').click();
  await expect(page.getByTestId('apply-job')).toHaveText('已投递');
  await page.goto('/user_job');
  await expect(page.getByTestId('viewed-list').getByTestId('job-card')).toHaveCount(1);
  await expect(page.getByTestId('viewed-list')).toContainText(jobTitle);

  // PCP4: a wrong check digit is refused by the server in words; a valid number is shown masked.
  await page.goto('/user_smrz');
  await page.getByLabel('真实姓名').fill('王小明');
  await page.getByLabel('身份证号').fill('110105194912310021');
  await page.getByTestId('verify-submit').click();
  await expect(page.getByTestId('form-outcome')).toContainText('请输入正确的 18 位身份证号');
  await page.getByLabel('身份证号').fill('11010519491231002X');
  await page.getByTestId('verify-submit').click();
  await expect(page.getByTestId('verified')).toContainText('110***********002X');

  // PCP5: the client hint, then the feedback in one's own list.
  await page.goto('/user_feedback');
  await page.getByTestId('feedback-content').fill('太短');
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByText('请填写 5-500 个字')).toBeVisible();
  await page.getByTestId('feedback-content').fill('希望职位详情页能显示通勤时间');
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-row')).toContainText('希望职位详情页能显示通勤时间');

  // PCP10: the application starts as submitted.
  await page.goto('/user_deliver');
  await expect(page.getByTestId('activity-row').filter({ hasText: jobTitle }).getByTestId('status-tag')).toHaveText(
    '已投递',
  );

  // The enterprise: received applications with a status select; it invites the newcomer to an interview.
  const company = await signedIn(browser, ENTERPRISE.userID);
  const hr = await company.newPage();
  await hr.goto('/cuser_resume');
  const row = hr.getByTestId('activity-row').filter({ hasText: name });
  await row.getByTestId('status-select').click();
  await hr.locator('.ant-select-item-option', { hasText: '邀请面试' }).click();
  await expect(hr.getByText('状态已更新')).toBeVisible();
  await row.getByRole('link', { name }).click();
  await expect(hr).toHaveURL(/\/ushow\?uid=/);
  await expect(hr.getByTestId('talent-show')).toContainText(name);

  // PCP9, PCP11, PCP12, PCP7.
  await hr.goto('/cuser_recommend');
  await expect(hr.getByTestId('recommend-card').filter({ hasText: '张伟' })).toContainText('匹配职位：前端开发工程师');
  await hr.goto('/cuser_jobfairs');
  const fair = hr.getByTestId('jobfair-card').first();
  await fair.getByTestId('jobfair-toggle').click();
  await expect(fair).toContainText('已报名');
  await hr.goto('/cuser_quity');
  await expect(hr.getByTestId('quota-item').filter({ hasText: '招聘会展位' })).toContainText('已用 1 / 3');
  await hr.goto('/rz');
  await hr.getByLabel('企业名称').fill('太原智联科技有限公司');
  await hr.getByLabel('统一社会信用代码').fill('91350100M000100Y44');
  await hr.getByTestId('certify-submit').click();
  await expect(hr.getByTestId('form-outcome')).toContainText('请输入正确的 18 位统一社会信用代码');
  await hr.getByLabel('统一社会信用代码').fill('91350100M000100Y43');
  await hr.getByTestId('certify-submit').click();
  await expect(hr.getByTestId('certified')).toContainText('91350100M000100Y43');
  await hr.goto('/cuser_feedback');
  await expect(hr.getByTestId('list-empty')).toContainText('您还没有提交过反馈');

  // /jushow: the job with the newcomer's application, now at interview.
  await hr.goto('/jushow?id=2');
  await expect(hr.getByTestId('application-row').filter({ hasText: name })).toContainText('邀请面试');

  // Back to the job seeker: the status and the viewer show.
  await page.goto('/user_deliver');
  const mine = page.getByTestId('activity-row').filter({ hasText: jobTitle });
  await expect(mine.getByTestId('status-tag')).toHaveText('邀请面试');
  await mine.locator('.job-card__title').click();
  await expect(page).toHaveURL(/\/user_jobshow\?id=2$/);
  await expect(page.getByTestId('deliver-show').getByTestId('status-tag')).toHaveText('邀请面试');
  await page.goto('/user_mjob');
  await expect(page.getByTestId('viewers-list')).toContainText(ENTERPRISE.title);
  await company.close();
});

test('PCP13 PCP6 PCP8 a job seeker who hides the resume leaves the enterprise’s recommendations (English texts)', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const seeker = await signedIn(browser, 'zhangwei');
  await seeker.addInitScript(() => localStorage.setItem('parley.language', 'en'));
  const page = await seeker.newPage();
  await page.goto('/user_resumeshow');
  const visible = page.getByRole('switch', { name: /Show my resume to enterprises/ });
  await expect(visible).toBeChecked();
  await visible.click();
  await expect(page.getByText('Privacy settings saved')).toBeVisible();
  const company = await signedIn(browser, ENTERPRISE.userID);
  await company.addInitScript(() => localStorage.setItem('parley.language', 'en'));
  const hr = await company.newPage();
  await hr.goto('/cuser_recommend');
  await expect(hr.getByRole('heading', { name: 'Recommended talent' })).toBeVisible();
  await expect(hr.getByTestId('list-empty')).toBeVisible();
  await visible.click();
  await expect(visible).toBeChecked();
  await hr.reload();
  await expect(hr.getByTestId('recommend-card').filter({ hasText: '张伟' })).toBeVisible();
  await Promise.all([seeker.close(), company.close()]);
});

test('PCP13 centre lists page by 10: eleven jobs opened fill two pages of the browsing history', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const seeker = await signedIn(browser, 'lina');
  const page = await seeker.newPage();
  for (let id = 1; id <= 11; id += 1) {
    await page.goto(`/injob?id=${id}`);
    await expect(page.getByTestId('job-title')).toBeVisible();
  }
  await page.goto('/user_job');
  const cards = page.getByTestId('viewed-list').getByTestId('job-card');
  await expect(cards).toHaveCount(10);
  // Last opened first: job 11 heads page 1, job 1 is alone on page 2.
  await expect(cards.first().locator('.job-card__title')).toHaveAttribute('href', '/injob?id=11');
  await page.locator('.pager').getByTitle('2').click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().locator('.job-card__title')).toHaveAttribute('href', '/injob?id=1');
  await seeker.close();
});
