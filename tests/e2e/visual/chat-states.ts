import { expect, type Page } from '@playwright/test';
import { ASK, BOB, CAROL, DAVE, GROUP } from './stage.ts';
import type { Device, State, Variant } from './variants.ts';

/** The chat kit's states (VIS2), seen as Alice at /chat. Each starts from a freshly loaded conversation list. */

const row = (page: Page, id: string) => page.locator(`[data-conversation-id="${id}"]`);
const message = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

async function list(page: Page) {
  await expect(row(page, `C2C${BOB.userID}`)).toBeVisible();
}

async function c2c(page: Page, peerID: string = BOB.userID) {
  await list(page);
  await row(page, `C2C${peerID}`).click();
  await expect(page.getByTestId('message').last()).toBeVisible();
  await expect(page.getByTestId('message-input')).toBeVisible();
}

async function group(page: Page) {
  await list(page);
  await row(page, `GROUP${GROUP.groupID}`).click();
  await expect(message(page, ASK).getByTestId('group-read-state')).toBeVisible();
  await expect(message(page, '准时参加')).toBeVisible();
}

async function panel(page: Page, tab: 'main' | 'member' | 'notification' | 'admin') {
  await group(page);
  await page.getByTestId('group-manage').click();
  const panel = page.getByTestId('group-panel');
  await expect(panel.getByTestId('member-preview').getByRole('button').first()).toBeVisible();
  if (tab !== 'main') await panel.getByTestId(`tab-${tab}`).click();
  await expect(panel.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
  if (tab === 'member') await expect(panel.getByRole('button', { name: BOB.nick }).first()).toBeVisible();
}

async function receipts(page: Page, unread: boolean) {
  await group(page);
  await message(page, ASK).getByTestId('group-read-state').click();
  const dialog = page.getByTestId('read-receipt-dialog');
  await expect(dialog.getByTestId('receipt-user')).toHaveText([BOB.nick]);
  if (unread) {
    await dialog.getByTestId('tab-1').click();
    await expect(dialog.getByTestId('receipt-user')).toHaveText([CAROL.nick]);
  }
}

async function messageMenu(page: Page) {
  await c2c(page);
  await message(page, '四年经验').getByTestId('message-menu-trigger').click({ button: 'right' });
  await expect(page.getByTestId('message-menu')).toBeVisible();
}

async function me(page: Page, device: Device) {
  await list(page);
  await page.getByTestId('tab-me').click();
  await expect(page.getByTestId('profile-view-nick')).toBeVisible();
  if (device === 'phone') {
    await page.getByTestId('profile-view').click();
    await expect(page.getByTestId('row-nick')).toBeVisible();
  }
}

/** A phone sheet of the profile rows (the sheets exist on phones only). */
function sheet(kind: 'nick' | 'selfSignature' | 'gender' | 'birthday' | 'avatar', variants: readonly Variant[]): State {
  return {
    name: `chat-profile-sheet-${kind.toLowerCase()}`,
    account: 'alice',
    path: '/chat',
    variants,
    surface: `[data-testid="sheet-${kind}"]`,
    reach: async (page, _language, device) => {
      await me(page, device);
      await page.getByTestId(`row-${kind}`).click();
      await expect(page.getByTestId(`sheet-${kind}`)).toBeVisible();
    },
  };
}

const DIALOG = '[role="dialog"]';
const MENU = '[role="menu"]';

export const CHAT_STATES: readonly State[] = [
  {
    name: 'chat-list',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'en-phone-light', 'zh-desktop-dark'],
    reach: list,
  },
  {
    name: 'chat-c2c',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'zh-phone-light', 'en-desktop-dark'],
    reach: (page) => c2c(page),
  },
  {
    name: 'chat-group',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'en-desktop-light', 'zh-phone-dark'],
    reach: group,
  },
  ...(['main', 'member', 'notification', 'admin'] as const).map(
    (tab, i): State => ({
      name: `chat-group-panel-${tab}`,
      account: 'alice',
      path: '/chat',
      variants: [
        'zh-desktop-light',
        (['en-phone-light', 'en-desktop-light', 'zh-phone-dark', 'en-phone-light'] as const)[i] ?? 'en-phone-light',
      ],
      surface: '[data-testid="group-panel"]',
      reach: (page) => panel(page, tab),
    }),
  ),
  {
    name: 'chat-group-panel-profile',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'en-phone-light'],
    surface: '[data-testid="group-panel"]',
    reach: async (page) => {
      await panel(page, 'member');
      await page.getByTestId('group-panel').getByRole('button', { name: BOB.nick }).first().click();
      await expect(page.getByTestId('tab-profile')).toHaveAttribute('aria-selected', 'true');
    },
  },
  {
    name: 'chat-read-receipts-read',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'en-phone-light'],
    surface: DIALOG,
    reach: (page) => receipts(page, false),
  },
  {
    name: 'chat-read-receipts-unread',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'en-desktop-dark'],
    surface: DIALOG,
    reach: (page) => receipts(page, true),
  },
  {
    name: 'chat-message-menu',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'en-phone-light'],
    surface: '[data-testid="message-menu"]',
    reach: messageMenu,
  },
  {
    name: 'chat-conversation-menu',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'en-desktop-light'],
    surface: MENU,
    reach: async (page) => {
      await list(page);
      await row(page, `C2C${BOB.userID}`).click({ button: 'right' });
      await expect(page.getByTestId('conversation-menu')).toBeVisible();
    },
  },
  {
    name: 'chat-forward-dialog',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'zh-phone-dark'],
    surface: DIALOG,
    reach: async (page) => {
      await messageMenu(page);
      await page.getByTestId('message-menu').getByTestId('action-forward').click();
      await expect(page.getByTestId('forward-dialog').getByTestId('forward-target').first()).toBeVisible();
    },
  },
  {
    name: 'chat-merged-record',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'en-phone-light'],
    surface: DIALOG,
    reach: async (page) => {
      await c2c(page, DAVE.userID);
      await page.getByTestId('merger-bubble').click();
      await expect(page.getByTestId('records-view').getByTestId('record')).toHaveCount(2);
    },
  },
  {
    name: 'chat-image-previewer',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'zh-phone-light'],
    surface: DIALOG,
    reach: async (page) => {
      await c2c(page, CAROL.userID);
      await page.locator('img.pc-media--image').click();
      await expect(page.getByTestId('previewer-stage')).toBeVisible();
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('img.pc-viewer__image')).every((i) => i.complete),
      );
    },
  },
  {
    name: 'chat-emoji-panel',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'en-phone-dark'],
    surface: '[data-testid="emoji-panel"]',
    reach: async (page) => {
      await c2c(page);
      await page.getByTestId('plugin-emoji').click();
      await expect(page.getByTestId('emoji-panel')).toBeVisible();
    },
  },
  {
    name: 'chat-new-group-dialog',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'en-phone-light'],
    surface: DIALOG,
    reach: async (page) => {
      await list(page);
      await page.locator('.pc-list__add').click();
      await page.getByTestId('menu-new-group').click();
      await expect(page.getByTestId('new-group-dialog')).toBeVisible();
    },
  },
  {
    name: 'chat-contacts',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'en-phone-dark'],
    reach: async (page) => {
      await list(page);
      await page.getByTestId('tab-contacts').click();
      await expect(page.getByTestId('section-friend')).toBeVisible();
    },
  },
  {
    name: 'chat-profile-view',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'en-desktop-light'],
    reach: async (page) => {
      await list(page);
      await page.getByTestId('tab-me').click();
      await expect(page.getByTestId('profile-view-nick')).toBeVisible();
    },
  },
  {
    // Account deletion asks for the password (decision 0051, PDAT21): the dialog in both schemes and languages.
    name: 'chat-delete-account-dialog',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'en-phone-dark'],
    surface: DIALOG,
    reach: async (page) => {
      await list(page);
      await page.getByTestId('tab-me').click();
      await page.getByTestId('my-data-delete').click();
      await expect(page.getByTestId('delete-account-password')).toBeVisible();
    },
  },
  {
    name: 'chat-profile-edit',
    account: 'alice',
    path: '/chat',
    variants: ['zh-desktop-light', 'en-desktop-dark'],
    reach: async (page) => {
      await me(page, 'desktop');
      await page.getByTestId('profile-edit').click();
      await expect(page.getByTestId('edit-nick')).toBeVisible();
    },
  },
  {
    name: 'chat-profile-rows',
    account: 'alice',
    path: '/chat',
    variants: ['zh-phone-light', 'en-phone-dark'],
    reach: (page) => me(page, 'phone'),
  },
  sheet('nick', ['zh-phone-light', 'en-phone-light']),
  sheet('selfSignature', ['zh-phone-dark']),
  sheet('gender', ['en-phone-light']),
  sheet('birthday', ['zh-phone-light']),
  sheet('avatar', ['zh-phone-light']),
];
