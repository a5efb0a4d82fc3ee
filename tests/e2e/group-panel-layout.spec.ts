import { expect, type Locator, type Page, test } from '@playwright/test';
import { createUser, openChat, typeAndSend } from './chat-support.ts';

/**
 * What a person sees of the group management panel and the read-receipt dialog (decision 0028): when a second
 * stylesheet restyled their classes, the panel opened on the left with its tabs stacked into a grey strip and
 * 'Group profile' cut off, and every behaviour test still passed. These assert the layout itself, in zh and en, on a
 * desktop and a 375 px phone. PARLEY_LAYOUT_SHOTS=<dir> also saves a picture of each state for a person to look at.
 */

const SHOTS = process.env.PARLEY_LAYOUT_SHOTS;
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } } as const;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The tab strip's tabs share one row, left to right, and neither the strip nor any label is cut off. */
async function expectOneRowOfWholeTabs(tablist: Locator): Promise<void> {
  const tabs = tablist.getByRole('tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThan(1);
  const boxes = [];
  for (let i = 0; i < count; i += 1) {
    const box = await tabs.nth(i).boundingBox();
    if (!box) throw new Error(`tab ${i} has no box`);
    boxes.push(box);
  }
  const [first] = boxes;
  for (const [i, box] of boxes.entries()) {
    expect(Math.abs(box.y - (first?.y ?? 0)), `tab ${i} is on the first tab's row`).toBeLessThan(2);
    if (i > 0) expect(box.x, `tab ${i} is right of tab ${i - 1}`).toBeGreaterThan(boxes[i - 1]?.x ?? 0);
  }
  const clipped = await tablist.evaluate((list) =>
    [list, ...Array.from(list.querySelectorAll('[role="tab"]'))]
      .filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight)
      .map((el) => el.textContent || el.getAttribute('role')),
  );
  expect(clipped, 'tab strip or tab labels cut off').toEqual([]);
  // The strip is part of its panel, not a grey bar of its own, and the chosen tab is underlined.
  const look = await tablist.evaluate((list) => ({
    strip: getComputedStyle(list).backgroundColor,
    underline: getComputedStyle(list.querySelector('[aria-selected="true"]') ?? list).borderBottomWidth,
  }));
  expect(look).toEqual({ strip: 'rgba(0, 0, 0, 0)', underline: '2px' });
}

test.describe('group panel and read-receipt dialog layout', () => {
  const cases = Object.entries(VIEWPORTS).flatMap(([device, viewport]) =>
    ['zh', 'en'].map((language) => ({ device, viewport, language })),
  );
  for (const { device, viewport, language } of cases) {
    test(`decision 0028: ${language}, ${device}: the group panel opens on the right with one row of whole tabs, and so do the read-receipt dialog's tabs`, async ({
      browser,
      request,
    }) => {
      // A group, a message and every tab of two surfaces: generous for a busy machine, no step waits on a clock.
      test.setTimeout(1_200_000);
      const alice = await createUser(request, 'lalice', '艾丽斯');
      const bob = await createUser(request, 'lbob', '鲍勃');
      const carol = await createUser(request, 'lcarol', '卡罗尔');
      const a = await openChat(browser, alice, { viewport });
      const b = await openChat(browser, bob);
      const name = `布局群 ${Date.now() % 100000}`;
      await a.page.getByRole('button', { name: '发起单聊' }).click();
      await a.page.getByTestId('menu-new-group').click();
      const create = a.page.getByTestId('new-group-dialog');
      await create.getByTestId('group-type').selectOption('Public');
      await create.getByTestId('group-name-input').fill(name);
      await create.getByTestId('group-members-input').fill(`${bob.userID} ${carol.userID}`);
      await create.getByTestId('create-group').click();
      await expect(a.page.getByTestId('chat-title')).toHaveText(name);
      await typeAndSend(a.page, '请确认收到');
      await b.page.locator('[data-conversation-id^="GROUP"]').filter({ hasText: name }).click();
      await expect(b.page.getByTestId('message').filter({ hasText: '请确认收到' })).toBeVisible();

      const page = a.page;
      await page.evaluate((lang) => localStorage.setItem('parley.language', lang), language);
      await page.reload();
      await page.locator('[data-conversation-id^="GROUP"]').filter({ hasText: name }).click();
      const state = page.getByTestId('message').filter({ hasText: '请确认收到' }).getByTestId('group-read-state');
      await expect(state).toHaveText(language === 'zh' ? '1人已读' : '1 read');

      await page.getByTestId('group-manage').click();
      const panel = page.getByTestId('group-panel');
      await expect(panel.getByTestId('member-preview').getByRole('button').first()).toBeVisible();
      const box = await panel.boundingBox();
      if (!box) throw new Error('the panel has no box');
      expect(Math.abs(box.x + box.width - viewport.width), 'panel touches the right edge').toBeLessThan(1);
      expect(box.width, 'panel no wider than its 400 px').toBeLessThanOrEqual(Math.min(400, viewport.width) + 1);
      expect(box.height, 'panel is full height').toBeGreaterThan(viewport.height - 2);
      const tablist = panel.getByRole('tablist');
      for (const tab of ['main', 'member', 'notification', 'admin']) {
        await panel.getByTestId(`tab-${tab}`).click();
        await expect(panel.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
        await expectOneRowOfWholeTabs(tablist);
        if (tab === 'notification') {
          // The owner's notice box spans the panel's width (less its padding), not a narrow column.
          const notice = await panel.locator('.pc-notification-edit textarea').boundingBox();
          expect(notice?.width ?? 0, 'notice box is full width').toBeGreaterThan(box.width - 80);
        }
        await shot(page, `${device}-${language}-panel-${tab}`);
      }
      // The member profile tab appears after picking a member: the strip then holds five tabs.
      await panel.getByTestId('tab-member').click();
      await panel.getByRole('button', { name: '鲍勃' }).first().click();
      await expect(panel.getByTestId('tab-profile')).toHaveAttribute('aria-selected', 'true');
      await expectOneRowOfWholeTabs(tablist);
      await shot(page, `${device}-${language}-panel-profile`);
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);

      await state.click();
      const dialog = page.getByTestId('read-receipt-dialog');
      await expect(dialog.getByTestId('receipt-user')).toHaveText(['鲍勃']);
      // UI29: each tab with its count, each member with an avatar.
      await expect(dialog.getByRole('tab')).toHaveText(
        language === 'zh' ? ['已读 (1)', '未读 (1)'] : ['Read (1)', 'Unread (1)'],
      );
      await expect(dialog.getByTestId('receipt-user').locator('img.pc-avatar')).toHaveCount(1);
      await expectOneRowOfWholeTabs(dialog.getByRole('tablist'));
      await shot(page, `${device}-${language}-receipts-read`);
      await dialog.getByTestId('tab-1').click();
      await expect(dialog.getByTestId('receipt-user')).toHaveText(['卡罗尔']);
      await expectOneRowOfWholeTabs(dialog.getByRole('tablist'));
      await shot(page, `${device}-${language}-receipts-unread`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await a.context.close();
      await b.context.close();
    });
  }
});
