import { expect, test } from '@playwright/test';
import { ENTERPRISE, SEEKER, signedIn } from './portal-support.ts';

/** Seed 001 §2.2: the shared chrome as each kind of visitor sees it. */
test.describe('portal chrome', () => {
  test('POR11 POR13 POR14 a visitor: login links, QR, the menu, 8 categories, footer without the talent pool', async ({
    page,
  }) => {
    await page.goto('/news');
    const top = page.getByRole('banner');
    await expect(top.getByRole('link', { name: '企业登录' })).toHaveAttribute('href', '/login?f=2');
    await expect(top.getByRole('link', { name: '求职者登录' })).toHaveAttribute('href', '/login?f=1');
    await top.getByRole('button', { name: '小程序' }).click();
    await expect(top.getByRole('img', { name: '扫码进入小程序' })).toBeVisible();
    await expect(top.getByRole('button', { name: '退出登录' })).toHaveCount(0);

    const menu = page.getByRole('navigation', { name: '主导航' });
    const expected: [string, string][] = [
      ['首页', '/'],
      ['优选职位', '/job'],
      ['校园招聘', '/zp?t=2'],
      ['考试报名', '/zk'],
      ['专家智库', '/expert'],
      ['学习专区', '/train'],
      ['招聘会', '/zp?t=1'],
      ['职场资讯', '/news'],
    ];
    const links = menu.getByRole('link');
    await expect(links).toHaveCount(expected.length);
    for (const [i, [name, href]] of expected.entries()) {
      await expect(links.nth(i)).toHaveText(name);
      await expect(links.nth(i)).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('search').getByRole('searchbox')).toHaveAttribute('placeholder', '请输入您要找的职位');

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '全职岗位' })).toHaveAttribute('href', '/job?xz=0');
    await expect(footer.getByRole('link', { name: '兼职岗位' })).toHaveAttribute('href', '/job?xz=1');
    await expect(footer.getByRole('link', { name: '就业政策' }).first()).toHaveAttribute('href', '/dy?id=36');
    await expect(footer.getByRole('link', { name: '联系我们' }).first()).toHaveAttribute('href', '/dy?id=29');
    await expect(footer.getByRole('link', { name: '人才库' })).toHaveCount(0);
    await expect(footer.getByRole('figure')).toHaveCount(2);
    await expect(footer.getByText(/版权所有/)).toBeVisible();

    // The home page's category panel: the first 8 job groups, each to /job?hid=.
    await page.goto('/');
    const categories = page.getByTestId('category-panel').getByRole('link');
    await expect(categories).toHaveCount(8);
    await expect(categories.first()).toHaveAttribute('href', /^\/job\?hid=\d+$/);
    const title = await categories.nth(2).innerText();
    await categories.nth(2).click();
    await expect(page).toHaveURL(/\/job\?hid=\d+$/);
    await expect(page.getByRole('combobox', { name: '职位类别' }).locator('..').locator('..')).toContainText(title);
  });

  test('POR11 a job seeker: apply to become an expert, his name, chat, log out; an enterprise: title with mobile, talent pool', async ({
    browser,
  }) => {
    const seeker = await signedIn(browser, SEEKER.userID);
    const page = await seeker.newPage();
    await page.goto('/job');
    const top = page.getByRole('banner');
    await expect(top.getByRole('link', { name: '申请成为专家' })).toHaveAttribute('href', '/apply');
    await expect(top.getByTestId('top-user')).toHaveText('张伟');
    await expect(top.getByTestId('top-user')).toHaveAttribute('href', '/user');
    await expect(top.getByRole('link', { name: /^消息/ })).toHaveAttribute('href', '/user_chat');
    await expect(top.getByRole('button', { name: '退出登录' })).toBeVisible();
    await expect(top.getByRole('link', { name: '企业登录' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: '人才库' })).toHaveCount(0);
    await seeker.close();

    const company = await signedIn(browser, ENTERPRISE.userID);
    const hr = await company.newPage();
    await hr.goto('/news');
    const bar = hr.getByRole('banner');
    await expect(bar.getByTestId('top-user')).toHaveText(`${ENTERPRISE.title} (${ENTERPRISE.mobile})`);
    await expect(bar.getByTestId('top-user')).toHaveAttribute('href', '/cuser');
    await expect(bar.getByRole('link', { name: /^消息/ })).toHaveAttribute('href', '/cuser_chat');
    await expect(bar.getByRole('link', { name: '申请成为专家' })).toHaveCount(0);
    await expect(hr.getByRole('contentinfo').getByRole('link', { name: '人才库' })).toHaveAttribute(
      'href',
      '/cuser_talent',
    );
    await company.close();
  });

  test('POR16 the map page shows the place and loads nothing from another host', async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(baseURL ?? '').origin && !request.url().startsWith('data:'))
        foreign.push(request.url());
    });
    await page.goto('/map?id=1');
    await expect(page.getByTestId('map-coords')).toHaveText(/^\d+\.\d{6}, \d+\.\d{6}$/);
    // End users get a plain notice; the operator's set-up detail goes to the console only (POR29).
    await expect(page.getByText('地图暂时无法显示，请按上面的地址前往。')).toBeVisible();
    await expect(page.getByText('未配置地图服务')).toHaveCount(0);
    expect(foreign).toEqual([]);
  });
});
