import { expect, type Page } from '@playwright/test';
import type { Account, State, Variant } from './variants.ts';

/** The portal's pages and centres (VIS2), on the demo data as the server seeds it, as a visitor or a demo account. */

const jobCard = (page: Page) => page.getByTestId('job-card').first();

function page(
  name: string,
  account: Account,
  path: string,
  variants: readonly Variant[],
  ready: (page: Page) => Promise<void>,
): State {
  return { name, account, path, variants, fullPage: true, reach: ready };
}

export const PORTAL_STATES: readonly State[] = [
  page('portal-home', 'visitor', '/', ['zh-desktop-light', 'en-desktop-light', 'zh-phone-light'], async (p) => {
    await expect(p.getByTestId('category-panel').getByRole('link')).toHaveCount(8);
    await expect(jobCard(p)).toBeVisible();
  }),
  page('portal-job-list', 'visitor', '/job', ['zh-desktop-light', 'en-phone-light'], async (p) => {
    await expect(jobCard(p)).toBeVisible();
  }),
  page('portal-job-detail', 'visitor', '/injob?id=1', ['zh-desktop-light', 'zh-phone-light'], async (p) => {
    await expect(p.getByTestId('job-title')).toBeVisible();
  }),
  page('portal-login', 'visitor', '/login?f=1', ['zh-desktop-light', 'en-phone-light'], async (p) => {
    await expect(
      p
        .getByRole('heading', { level: 1 })
        .or(p.getByRole('heading', { level: 2 }))
        .first(),
    ).toBeVisible();
  }),
  page('portal-register', 'visitor', '/register', ['zh-desktop-light', 'en-phone-light'], async (p) => {
    await expect(p.getByRole('button').first()).toBeVisible();
  }),
  page('portal-news', 'visitor', '/news', ['zh-desktop-light', 'en-desktop-light'], async (p) => {
    await expect(p.getByTestId('article-row').first()).toBeVisible();
  }),
  page('portal-seeker-centre', 'seeker', '/user', ['zh-desktop-light', 'en-phone-light'], async (p) => {
    await expect(p.getByTestId('centre-heading')).toBeVisible();
    await expect(p.getByTestId('top-user')).not.toHaveText(/个人中心|Personal centre/);
  }),
  page('portal-seeker-resume', 'seeker', '/user_resume', ['zh-desktop-light', 'en-phone-light'], async (p) => {
    await expect(p.getByTestId('centre-heading').or(p.locator('form')).first()).toBeVisible();
  }),
  page('portal-seeker-deliveries', 'seeker', '/user_deliver', ['zh-desktop-light', 'zh-phone-light'], async (p) => {
    await expect(p.locator('main')).toBeVisible();
  }),
  page('portal-enterprise-centre', 'enterprise', '/cuser', ['zh-desktop-light', 'zh-phone-light'], async (p) => {
    await expect(p.getByTestId('centre-heading')).toBeVisible();
    await expect(jobCard(p)).toBeVisible();
  }),
  page(
    'portal-enterprise-job-add',
    'enterprise',
    '/cuser_jobAdd',
    ['zh-desktop-light', 'en-desktop-light'],
    async (p) => {
      await expect(p.getByTestId('post-job')).toBeVisible();
    },
  ),
  page(
    'portal-enterprise-resumes',
    'enterprise',
    '/cuser_resume',
    ['zh-desktop-light', 'zh-phone-light'],
    async (p) => {
      await expect(p.locator('main')).toBeVisible();
    },
  ),
  {
    name: 'portal-region-picker',
    account: 'visitor',
    path: '/job',
    // POR33: the portal's own picker, a dialog with a listbox per level (antd's Cascader failed axe, VIS7).
    variants: ['zh-phone-light', 'en-phone-light', 'zh-desktop-dark'],
    surface: '.region-sheet',
    reach: async (p) => {
      // Run alone (`-g region-picker`) each variant is a fresh context, so the portal's chunks load cold: on the
      // shared machine that took 34 s once, past the 30 s default.
      await expect(jobCard(p)).toBeVisible({ timeout: 90_000 });
      await p.locator('.region-picker').click();
      await expect(p.locator('.region-sheet [role="option"]').first()).toBeFocused();
      // The pointer rests where the field was, now over an option: away, so the picture shows no hover.
      await p.mouse.move(0, 0);
    },
  },
  {
    name: 'portal-logout-dialog',
    account: 'enterprise',
    path: '/cuser',
    variants: ['zh-desktop-light', 'en-phone-light'],
    surface: '[role="dialog"]',
    reach: async (p) => {
      await expect(jobCard(p)).toBeVisible();
      await p
        .getByRole('banner')
        .getByRole('button', { name: /退出登录|Log out/ })
        .click();
      await expect(p.getByRole('dialog')).toBeVisible();
    },
  },
];
