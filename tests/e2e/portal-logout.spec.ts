import { expect, test } from '@playwright/test';
import { CONFIRM, cookiesOf, SEEKER, signedIn } from './portal-support.ts';

/**
 * Seed 001 §4 (POR18): 'Log out?' titled 'Log out'; the chat logs out; 'Logged out' shows while the cookies are still
 * there; then (after the 0.5 s pause) the userid and identity cookies are gone, the user is at / and the server
 * session has ended. The order is asserted, never a duration.
 */
/**
 * Records, inside the page and as they happen, the steps of the logout: the chat's push socket closing, requests to
 * logout endpoints, the 'Logged out' message appearing (with whether the userid cookie is still there at that very
 * moment) and the arrival at /. In-page recording keeps the order exact however slow the machine is.
 */
function recordLogout(message: string) {
  const events: string[] = [];
  (window as unknown as { __logoutEvents: string[] }).__logoutEvents = events;
  const close = WebSocket.prototype.close;
  WebSocket.prototype.close = function (this: WebSocket, ...args: Parameters<WebSocket['close']>) {
    events.push('socket closed');
    return close.apply(this, args);
  };
  const fetchBefore = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (/logout/.test(url.pathname)) events.push(`request ${url.pathname}`);
    return fetchBefore(input, init);
  };
  let shown = false;
  let path = location.pathname;
  new MutationObserver(() => {
    if (!shown && document.body.innerText.includes(message)) {
      shown = true;
      events.push(`message shown; userid cookie ${/(^|; )userid=[^;]/.test(document.cookie) ? 'present' : 'gone'}`);
    }
    if (location.pathname !== path) {
      path = location.pathname;
      events.push(`at ${path}; userid cookie ${/(^|; )userid=[^;]/.test(document.cookie) ? 'present' : 'gone'}`);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

test('POR18 logout: confirm, chat logout, Logged out, then cookies deleted and home', async ({ browser }) => {
  const context = await signedIn(browser, SEEKER.userID);
  await context.addInitScript(recordLogout, '已退出登录');
  const page = await context.newPage();
  await page.goto('/user');
  await expect(page.getByTestId('centre-heading')).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: '退出登录' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('退出登录');
  await expect(dialog.getByText('确定要退出登录吗？')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^取\s?消$/ })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { __logoutEvents: string[] }).__logoutEvents.length = 0;
  });
  await dialog.getByRole('button', { name: CONFIRM }).click();

  // Whether the message showed before the session ended is for the in-page recorder, which sees every change: a
  // polled visibility check says only that it is there by now, not when it came.
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { __logoutEvents: string[] }).__logoutEvents.some((e) => e.startsWith('message shown')),
      ),
    )
    .toBe(true);
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(async () => Object.keys(await cookiesOf(context)).filter((n) => /^(userid|identity)$/.test(n)))
    .toEqual([]);
  // The home page offers the login links again, and the server session is over.
  await expect(page.getByRole('banner').getByRole('link', { name: '求职者登录' })).toBeVisible();
  // 'Logged out' outlives the page that offered logout: the home page still shows it.
  await expect(page.getByText('已退出登录')).toBeVisible();
  const session = await context.request.get('/api/v1/auth/session');
  expect(session.status()).toBe(204);

  const events = await page.evaluate(() => (window as unknown as { __logoutEvents: string[] }).__logoutEvents);
  const at = (event: string) => events.indexOf(event);
  const trace = events.join(' | ');
  // 2. the chat logs out, 3. 'Logged out' shows while the cookies are still there, 4. then the session ends and
  // the user arrives at / without the cookies.
  expect(at('socket closed'), trace).toBeGreaterThanOrEqual(0);
  expect(at('message shown; userid cookie present'), trace).toBeGreaterThan(at('socket closed'));
  const sessionEnd = events.findIndex((e) => e === 'request /api/v1/auth/logout' || e === 'request /tapi/user/logout');
  expect(sessionEnd, trace).toBeGreaterThan(at('message shown; userid cookie present'));
  expect(at('at /; userid cookie gone'), trace).toBeGreaterThan(sessionEnd);
  await context.close();
});

test('POR18 cancel keeps the session and the cookies', async ({ browser }) => {
  const context = await signedIn(browser, SEEKER.userID);
  const page = await context.newPage();
  await page.goto('/user');
  await expect(page.getByTestId('centre-heading')).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: '退出登录' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^取\s?消$/ })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('centre-heading')).toBeVisible();
  expect((await cookiesOf(context)).userid).toBe(SEEKER.userID);
  await context.close();
});
