import { expect, test } from '@playwright/test';
import { createUser, openChat, PASSWORD } from './chat-support.ts';

const SUBMIT = /^登\s?录$/;

test.describe('chat routes', () => {
  test('UI32 the header marks what the chat shows: Messages on the chat tab, My profile on Me, neither on Contacts', async ({
    browser,
    request,
  }) => {
    const yan = await createUser(request, 'yan', 'Yan');
    const { context, page } = await openChat(browser, yan);
    const nav = page.getByRole('navigation', { name: '主导航' });
    const current = nav.locator('[aria-current="page"]');
    await expect(current).toHaveText(['消息']);
    await page.getByTestId('tab-me').click();
    await expect(page.getByTestId('profile-view-nick')).toBeVisible();
    await expect(current).toHaveText(['我的资料']);
    await page.getByTestId('tab-contacts').click();
    await expect(current).toHaveCount(0);
    await page.getByTestId('tab-chat').click();
    await expect(current).toHaveText(['消息']);
    await context.close();
  });

  test('/chat needs a session and returns there after login, without loading the antd portal', async ({
    page,
    request,
  }) => {
    const zoe = await createUser(request, 'zoe', 'Zoe');
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fchat$/);
    await page.getByLabel('账号', { exact: true }).fill(zoe.userID);
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: SUBMIT }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByText('暂无会话')).toBeVisible();

    // A fresh load of /chat: the portal's chunk (antd) is not part of it.
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.reload();
    await expect(page.getByText('暂无会话')).toBeVisible();
    expect(scripts.some((s) => s.includes('chat-page'))).toBe(true);
    expect(scripts.filter((s) => s.includes('portal-shell'))).toEqual([]);
  });

  test('/user_chat shows the chat to a job seeker, /cuser_chat refuses him (POR25); the home page links to it', async ({
    page,
    request,
  }) => {
    const zed = await createUser(request, 'zed', 'Zed');
    await page.request.post('/api/v1/auth/login', { data: { account: zed.userID, password: PASSWORD } });
    await page.goto('/user_chat');
    await expect(page.getByRole('heading', { name: '消息' })).toBeVisible();
    await expect(page.getByTestId('message-input')).toHaveCount(0);
    await page.goto('/cuser_chat');
    await expect(page.getByTestId('guard-forbidden')).toBeVisible();
    // The top bar's chat link of a job seeker (identity 1) is the seed's /user_chat (seed 001 §2.2).
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: '消息' }).click();
    await expect(page).toHaveURL(/\/user_chat$/);
    await expect(page.getByText('暂无会话')).toBeVisible();
  });

  test('the login redirect stays on this site', async ({ page, request }) => {
    const zia = await createUser(request, 'zia', 'Zia');
    await page.goto('/login?redirect=//evil.example/steal');
    await page.getByLabel('账号', { exact: true }).fill(zia.userID);
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: SUBMIT }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });
});
