import { type Browser, expect, type Page, test } from '@playwright/test';
import { createUser, PASSWORD, row, sendTexts, type TestUser } from './chat-support.ts';

/**
 * UI8, UI9: the shared header and phone-width layout, on every page, in both languages, at the widths the issue lists.
 * Users with IDs near the 64-character limit show that long IDs wrap instead of widening the page.
 */
const WIDTHS = [320, 360, 390, 768, 1280] as const;
const LANGUAGES = ['zh', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
const LOG_OUT: Record<Language, string> = { zh: '退出登录', en: 'Log out' };

async function contextFor(browser: Browser, language: Language, user?: TestUser) {
  const context = await browser.newContext({ locale: language === 'en' ? 'en-US' : 'zh-CN' });
  await context.addInitScript((lang) => localStorage.setItem('parley.language', lang), language);
  if (user) {
    const response = await context.request.post('/api/v1/auth/login', {
      data: { account: user.userID, password: PASSWORD },
    });
    expect(response.ok()).toBe(true);
  }
  return context;
}

/** Document width against the viewport: the page must not scroll sideways. */
async function expectNoOverflow(page: Page, what: string) {
  const { scrollWidth, bodyWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    bodyWidth: document.body.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what}: document ${scrollWidth}px on a ${innerWidth}px screen`).toBeLessThanOrEqual(innerWidth);
  expect(bodyWidth, `${what}: body ${bodyWidth}px on a ${innerWidth}px screen`).toBeLessThanOrEqual(innerWidth);
}

/** As expectNoOverflow, after a resize: waits (up to the expect timeout) for the layout to follow the new width. */
async function expectNoOverflowSettled(page: Page, what: string) {
  const widest = () =>
    page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
  await expect
    .poll(widest, { message: `${what}: content wider than the screen by this many px` })
    .toBeLessThanOrEqual(0);
}

/** 'Log out' is on screen: visible and inside the viewport's width. */
async function expectLogoutReachable(page: Page, language: Language, what: string) {
  const button = page.getByRole('button', { name: LOG_OUT[language], exact: true });
  await expect(button, what).toBeVisible();
  const box = await button.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width, `${what}: 'Log out' at ${JSON.stringify(box)}`).toBe(true);
}

/** Where the long ID on the profile page wraps: the character before each new line must be a separator. */
async function expectIdBreaksAtSeparators(page: Page, what: string) {
  const { lines, breaks } = await page.getByTestId('profile-userid').evaluate((el) => {
    const text = el.textContent ?? '';
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const tops: number[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        tops.push(Math.round(range.getBoundingClientRect().top));
      }
    }
    const before = tops.flatMap((top, i) => (i > 0 && top > (tops[i - 1] ?? top) ? [text[i - 1]] : []));
    return { lines: new Set(tops).size, breaks: before };
  });
  expect(lines, `${what}: the long ID wraps`).toBeGreaterThan(1);
  for (const c of breaks) expect('_.@-', `${what}: a line break after '${c}'`).toContain(c);
}

test.describe('layout at phone widths', () => {
  test('UI9 no page overflows horizontally at 320–1280 px in either language; long IDs wrap; Log out stays reachable', async ({
    browser,
    request,
  }) => {
    test.setTimeout(720_000);
    const me = await createUser(request, 'wrap_check_a_rather_long_user_identifier_me', '');
    const peer = await createUser(request, 'wrap_check_a_rather_long_user_identifier_pe', '');
    await sendTexts(request, peer, me, [`see ${'x'.repeat(120)} and ${peer.userID}`]);

    for (const language of LANGUAGES) {
      const out = await contextFor(browser, language);
      const outPage = await out.newPage();
      const signedIn = await contextFor(browser, language, me);
      const page = await signedIn.newPage();
      for (const width of WIDTHS) {
        const at = `${language} ${width}px`;
        await outPage.setViewportSize({ width, height: 800 });
        await outPage.goto('/login');
        await expect(outPage.locator('form')).toBeVisible();
        await expectNoOverflow(outPage, `/login ${at}`);

        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        await expect(page.getByTestId('profile-userid')).toHaveText(me.userID);
        await expectNoOverflow(page, `/ ${at}`);
        // Polled: under load the line boxes can be read mid-layout (after a viewport change); a wrong break persists.
        if (width === 320) await expect(() => expectIdBreaksAtSeparators(page, `/ ${at}`)).toPass({ timeout: 10_000 });
        await expectLogoutReachable(page, language, `/ ${at}`);

        // The user is a job seeker: /cuser_chat is an enterprise's and refuses him (POR25).
        for (const path of ['/chat', '/user_chat']) {
          await page.goto(path);
          await expect(row(page, peer)).toBeVisible();
          await expectNoOverflow(page, `${path} ${at}`);
          await expectLogoutReachable(page, language, `${path} ${at}`);
        }
        // The open chat (on a phone it replaces the list) with the long ID in its title and a long word.
        await row(page, peer).click();
        await expect(page.getByTestId('chat-title')).toHaveText(peer.userID);
        await expect(page.getByTestId('message')).toHaveCount(1);
        await expectNoOverflow(page, `/chat open ${at}`);
        await expectLogoutReachable(page, language, `/chat open ${at}`);
      }
      await out.close();
      await signedIn.close();
    }
  });

  test('UI8 the unread badge and Log out are in the header of every signed-in page', async ({ browser, request }) => {
    const ana = await createUser(request, 'ana', 'Ana');
    const ben = await createUser(request, 'ben', 'Ben');
    await sendTexts(request, ben, ana, ['one', 'two']);
    const context = await contextFor(browser, 'zh', ana);
    const page = await context.newPage();
    // A job seeker's chat routes (/cuser_chat is an enterprise's, POR25).
    for (const path of ['/', '/chat', '/user_chat']) {
      await page.goto(path);
      await expect(page.getByRole('banner').getByTestId('nav-unread'), path).toHaveText('2');
      await expect(page.getByRole('banner').getByRole('button', { name: '退出登录' }), path).toBeVisible();
    }
    // The badge follows live on the profile page too.
    await page.goto('/');
    await sendTexts(request, ben, ana, ['three']);
    await expect(page.getByTestId('nav-unread')).toHaveText('3');

    // Log out from the chat page: the same confirmation as on the profile page, then the login page.
    await page.goto('/chat');
    await page.getByRole('button', { name: '退出登录' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('确定要退出登录吗？')).toBeVisible();
    await dialog.getByRole('button', { name: /^确\s?定$/ }).click();
    // 'Logged out' outlives the chat page that offered logout (seed 001 §4): it is shown from the layer beside the
    // routes, never from inside the chat page. Looked for first: it lasts antd's 3 s, which the home page's render
    // may take on a busy machine.
    const loggedOut = page.getByText('已退出登录');
    await expect(loggedOut).toBeVisible();
    await expect(page.locator('.chat-page').getByText('已退出登录')).toHaveCount(0);
    await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
    await context.close();
  });
});

/** The portal's pages (decision 0010): visitor, job seeker and enterprise pages, loaded, at every width, both languages. */
const PORTAL_PAGES = {
  visitor: ['/', '/job', '/injob?id=1', '/news', '/zk', '/asked', '/dy?id=29', '/map?id=1', '/register'],
  zhangwei: ['/user', '/user_resume', '/user_resumeshow'],
  taiyuan_tech: ['/cuser', '/cuser_job'],
} as const;

async function portalContext(browser: Browser, language: Language, account?: string) {
  const context = await browser.newContext({ locale: language === 'en' ? 'en-US' : 'zh-CN' });
  await context.addInitScript((lang) => localStorage.setItem('parley.language', lang), language);
  if (account) {
    const response = await context.request.post('/api/v1/auth/login', { data: { account, password: 'parley123' } });
    expect(response.ok()).toBe(true);
  }
  return context;
}

test('POR19 portal pages do not overflow at 320–1280 px in either language', async ({ browser }) => {
  test.setTimeout(1_200_000);
  for (const language of LANGUAGES) {
    for (const [who, paths] of Object.entries(PORTAL_PAGES)) {
      const context = await portalContext(browser, language, who === 'visitor' ? undefined : who);
      const page = await context.newPage();
      for (const path of paths) {
        // Loaded at the narrowest width (a phone opening the page), then widened step by step: the page must
        // follow a resize as well as a load, and one load per page keeps this test short.
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        await page.goto(path);
        await expect(page.locator('.portal, .login').first()).toBeVisible();
        await expect(page.locator('.page-spinner, .ant-skeleton')).toHaveCount(0);
        await expect(page.getByRole('dialog')).toHaveCount(0);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await expectNoOverflowSettled(page, `${who} ${path} ${language} ${width}px`);
        }
      }
      await context.close();
    }
  }
});
