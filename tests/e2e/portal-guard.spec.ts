import { expect, test } from '@playwright/test';
import { ENTERPRISE, SEEKER, signedIn } from './portal-support.ts';

/** Seed 001 §5: the route guard's outcomes in the browser (POR2, POR3). */
test.describe('portal route guard', () => {
  test('POR3 a job seeker on /cuser sees No permission and stays; his own centre opens', async ({ browser }) => {
    const context = await signedIn(browser, SEEKER.userID);
    const page = await context.newPage();
    await page.goto('/cuser');
    await expect(page.getByText('暂无权限').first()).toBeVisible();
    await expect(page).toHaveURL(/\/cuser$/);
    await expect(page.getByTestId('centre-heading')).toHaveCount(0);

    // Navigating inside the app: refused, back where the click came from.
    await page.goto('/job');
    await expect(page.getByTestId('job-card').first()).toBeVisible();
    // An in-app navigation as a <Link> makes it (react-router's history entry: key and index), without a link on
    // the page: the seeker's pages offer none to an enterprise route.
    await page.evaluate(() => {
      history.pushState({ usr: null, key: 'por3test', idx: 1 }, '', '/cuser_talent');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('暂无权限').first()).toBeVisible();
    await expect(page).toHaveURL(/\/job$/);

    await page.goto('/user');
    await expect(page.getByTestId('centre-heading')).toBeVisible();
    await context.close();
  });

  test('POR3 an enterprise on /user is refused too', async ({ browser }) => {
    const context = await signedIn(browser, ENTERPRISE.userID);
    const page = await context.newPage();
    await page.goto('/user_resume');
    await expect(page.getByText('暂无权限').first()).toBeVisible();
    await page.goto('/cuser');
    await expect(page.getByTestId('centre-heading')).toHaveText(ENTERPRISE.title);
    await context.close();
  });

  test('POR2 a visitor on a login route sees Please log in and lands on /', async ({ page }) => {
    await page.goto('/user_resume');
    await expect(page.getByText('请先登录')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // A stale 'undefined' cookie is no login either.
    await page.context().addCookies([
      { name: 'userid', value: 'undefined', url: page.url() },
      { name: 'identity', value: '2', url: page.url() },
    ]);
    await page.goto('/cuser');
    await expect(page.getByText('请先登录')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('POR15 a route change starts at the top of the page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/');
    await expect(page.getByTestId('job-card').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: '常见问题' }).click();
    await expect(page).toHaveURL(/\/asked$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
