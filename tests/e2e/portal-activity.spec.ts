import { expect, type Page, test } from '@playwright/test';
import { cookiesOf, DEMO_PASSWORD, ENTERPRISE, freshMobile, signedIn } from './portal-support.ts';

// antd puts a space between the two characters of a two-character Chinese button label ("登 录").
const SUBMIT = /^登\s?录$/;

async function loginAs(page: Page, f: 1 | 2, mobile: string, password = DEMO_PASSWORD) {
  await page.goto(`/login?f=${f}`);
  await page.getByLabel('手机号', { exact: true }).fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: SUBMIT }).click();
}

test('POR20 /login?f=1|2 logs in through user/login: the other kind of account is refused, in both languages', async ({
  page,
  context,
}) => {
  await loginAs(page, 1, ENTERPRISE.mobile);
  await expect(page.getByRole('alert')).toHaveText('该手机号是企业账号，请使用“企业登录”');
  expect((await cookiesOf(context)).userid).toBeUndefined();
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^Log in$/ }).click();
  await expect(page.getByRole('alert')).toHaveText('This is an enterprise account: use the enterprise login');
  await page.getByRole('button', { name: '中文' }).click();

  await loginAs(page, 2, ENTERPRISE.mobile);
  await expect(page).toHaveURL(/\/$/);
  const cookies = await cookiesOf(context);
  expect([cookies.userid, cookies.identity]).toEqual([ENTERPRISE.userID, '2']);
});

test('POR21 applying and saving on a job page fill 投递记录 and saved jobs; the enterprise receives the application', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const seeker = await signedIn(browser, 'wangfang');
  const page = await seeker.newPage();
  await page.goto('/job?val=%E5%89%8D%E7%AB%AF');
  const card = page.getByTestId('job-card').filter({ hasText: ENTERPRISE.title }).first();
  const title = (await card.locator('.job-card__title').textContent()) ?? '';
  await card.locator('.job-card__title').click();
  await page.getByTestId('apply-job').click();
  await expect(page.getByTestId('apply-job')).toHaveText('已投递');
  await page.getByTestId('save-job').click();
  await expect(page.getByTestId('save-job')).toHaveText('已收藏');

  await page.goto('/user_deliver');
  await expect(page.getByTestId('activity-row')).toHaveCount(1);
  await expect(page.getByTestId('activity-row')).toContainText(title);
  await page.goto('/user_collect');
  await expect(page.getByTestId('job-card')).toContainText(title);
  await page.getByTestId('unsave').click();
  await expect(page.getByTestId('list-empty')).toContainText('您还没有收藏职位');

  const company = await signedIn(browser, ENTERPRISE.userID);
  const hr = await company.newPage();
  await hr.goto('/cuser_resume');
  const row = hr.getByTestId('activity-row').filter({ hasText: '王芳' });
  await expect(row).toContainText(title);
  await expect(row.getByRole('link', { name: '在线沟通' })).toHaveAttribute('href', '/cuser_chat?to=wangfang');
  await Promise.all([seeker.close(), company.close()]);
});

test('POR22 an enterprise posts a job from its centre; it opens at once and is in the job list', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const company = await signedIn(browser, ENTERPRISE.userID);
  const page = await company.newPage();
  const title = `数据分析师${Date.now() % 100_000}`;
  await page.goto('/cuser_jobAdd');
  await page.getByLabel('职位名称').fill(title);
  await page.getByLabel('职位类别').click();
  await page.locator('.ant-select-item-option', { hasText: '互联网/IT' }).click();
  await page.getByLabel('薪资').fill('8-12K');
  await page.getByRole('button', { name: /^选择省 \/ 市 \/ 区/ }).click();
  await page.getByRole('option', { name: '山西省', exact: true }).click();
  await page.getByRole('option', { name: '太原市', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('职位描述').fill('整理招聘数据，制作周报');
  await page.getByTestId('post-job').click();
  await expect(page).toHaveURL(/\/injob\?id=\d+$/);
  await expect(page.getByTestId('job-title')).toHaveText(title);
  await expect(page.getByTestId('job-company')).toContainText(ENTERPRISE.title);
  await page.goto(`/job?val=${encodeURIComponent(title)}`);
  await expect(page.getByTestId('job-card')).toHaveCount(1);
  await company.close();
});

test('POR23 the password change asks the old password; afterwards only the new one logs in', async ({ page }) => {
  test.setTimeout(240_000);
  const mobile = freshMobile();
  await page.goto('/register');
  await page.getByRole('radio', { name: '求职者' }).check();
  await page.getByLabel('姓名').fill('改密码');
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill('first2026a');
  await page.getByRole('button', { name: /^注\s?册$/ }).click();
  await expect(page).toHaveURL(/\/user$/);

  await page.goto('/user_uppass');
  const form = page.locator('form');
  await form.getByLabel('当前密码').fill('notright1');
  await form.getByLabel('新密码', { exact: true }).fill('second2026b');
  await form.getByLabel('确认新密码').fill('second2026b');
  await form.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByRole('alert')).toHaveText('当前密码不正确');
  await form.getByLabel('当前密码').fill('first2026a');
  await form.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByRole('status')).toHaveText('密码已修改，下次登录请使用新密码');

  await page.context().clearCookies();
  await loginAs(page, 1, mobile, 'first2026a');
  await expect(page.getByRole('alert')).toHaveText('手机号或密码错误');
  await loginAs(page, 1, mobile, 'second2026b');
  await expect(page).toHaveURL(/\/$/);
});

test('POR21 an enterprise invites a job seeker from the talent pool; the invitation reaches both lists', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const company = await signedIn(browser, ENTERPRISE.userID);
  const hr = await company.newPage();
  await hr.goto('/cuser_talent');
  const card = hr.getByTestId('talent-card').filter({ hasText: '张伟' });
  await card.getByRole('button', { name: '邀请面试' }).click();
  const dialog = hr.getByRole('dialog');
  await dialog.getByLabel('职位').click();
  await hr.locator('.ant-select-item-option', { hasText: '软件测试工程师' }).click();
  await dialog.getByLabel('留言（选填）').fill('周三下午来面试');
  await dialog.getByTestId('send-invite').click();
  await expect(dialog.getByRole('status')).toHaveText('邀请已发送');
  await hr.goto('/cuser_yresume');
  await expect(hr.getByTestId('activity-row').filter({ hasText: '张伟' })).toContainText('软件测试工程师');

  const seeker = await signedIn(browser, 'zhangwei');
  const page = await seeker.newPage();
  await page.goto('/user_invite');
  const row = page.getByTestId('activity-row').filter({ hasText: '软件测试工程师' });
  await expect(row).toContainText('周三下午来面试');
  await expect(row).toContainText(ENTERPRISE.title);
  await Promise.all([company.close(), seeker.close()]);
});
