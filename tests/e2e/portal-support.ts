import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';

/** Demo accounts the server seeds into an empty data directory (apps/server/src/app/demo-seed.ts). */
export const DEMO_PASSWORD = 'parley123';
export const SEEKER = { userID: 'zhangwei', mobile: '13800000001' } as const;
export const ENTERPRISE = { userID: 'taiyuan_tech', mobile: '13900000001', title: '太原智联科技有限公司' } as const;

// antd puts a space between the two characters of a two-character Chinese button label ("确 定").
export const CONFIRM = /^确\s?定$/;

/** A fresh mainland mobile number per run (PRT8), so repeated registrations never collide. */
export function freshMobile(): string {
  return `13${String(Date.now()).slice(-9)}`;
}

export async function cookiesOf(context: BrowserContext): Promise<Record<string, string>> {
  return Object.fromEntries((await context.cookies()).map((c) => [c.name, decodeURIComponent(c.value)]));
}

/** A context logged in through the session API (the portal reads the session when the page loads). */
export async function signedIn(browser: Browser, account: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport });
  const response = await context.request.post('/api/v1/auth/login', {
    data: { account, password: DEMO_PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return context;
}

/** The portal's top bar is the page's banner; its user link shows once user/usershow answered. */
export async function expectTopUser(page: Page, text: string | RegExp) {
  await expect(page.getByRole('banner').getByTestId('top-user')).toHaveText(text);
}
