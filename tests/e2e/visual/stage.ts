import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN_KEY } from '../e2e-env.ts';
import { openContext } from './guards.ts';

/**
 * The chat data every chat state shows (VIS4): users with fixed IDs, nicknames and default avatars, fixed message
 * IDs and texts. Each step is idempotent — an existing user, group or message (same sender and ID, rule M1) is left
 * as it is — so a retried file stages the same picture.
 */
export const PASSWORD = 'parley-visual-pass';
export const ALICE = { userID: 'vis_alice', nick: '艾丽斯' } as const;
export const BOB = { userID: 'vis_bob', nick: '鲍勃' } as const;
export const CAROL = { userID: 'vis_carol', nick: '卡罗尔' } as const;
export const DAVE = { userID: 'vis_dave', nick: 'Dave' } as const;
export const GROUP = { groupID: 'vis_group', name: '前端招聘交流群' } as const;
export const ASK = '请大家确认收到本周五的宣讲会通知';

const admin = { 'x-parley-admin-key': E2E_ADMIN_KEY };

async function sigOf(request: APIRequestContext, userID: string): Promise<Record<string, string>> {
  const response = await request.post('/admin/v1/usersig', { headers: admin, data: { userID } });
  expect(response.ok()).toBe(true);
  return { authorization: `Bearer ${((await response.json()) as { userSig: string }).userSig}` };
}

async function send(
  request: APIRequestContext,
  from: string,
  data: { ID: string; conversationType: 'C2C' | 'GROUP'; to: string; text: string; receipt?: boolean },
) {
  const response = await request.post('/api/v1/messages', {
    headers: await sigOf(request, from),
    data: {
      ID: data.ID,
      conversationType: data.conversationType,
      to: data.to,
      type: 'TIMTextElem',
      payload: { text: data.text },
      ...(data.receipt ? { needReadReceipt: true } : {}),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * The conversation list orders rows by their last message's server time, which counts whole seconds: two rows whose
 * last messages share a second keep whatever order the SDK delivers (it changed between runs). Each later step of the
 * staging therefore waits for the next second of the clock the server shares with this runner (one machine), so the
 * order is fixed: the group's creation notice, its messages, then Carol's image, then Dave's merged record, each strictly after the step before (VIS4).
 */
async function nextSecond(): Promise<void> {
  const second = Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) <= second) await new Promise((resolve) => setTimeout(resolve, 50));
}

const C2C: [string, string, string][] = [
  [BOB.userID, ALICE.userID, '您好，看到贵公司在招前端开发，想了解一下岗位要求。'],
  [ALICE.userID, BOB.userID, '您好！需要三年以上 React 经验，熟悉 TypeScript。'],
  [BOB.userID, ALICE.userID, '好的，我有四年经验，简历已经投递了。'],
  [ALICE.userID, BOB.userID, '收到，我们下周二上午 10:00 面试，地址：小店区长治路 111 号。'],
  [CAROL.userID, ALICE.userID, 'Hello, is the position open to remote work?'],
  [ALICE.userID, DAVE.userID, '这是和鲍勃的沟通记录，请查看。'],
];

export async function stageChat(browser: Browser, request: APIRequestContext): Promise<void> {
  for (const user of [ALICE, BOB, CAROL, DAVE]) {
    const response = await request.post('/admin/v1/accounts', {
      headers: admin,
      data: { userID: user.userID, password: PASSWORD, identity: 1, profile: { nick: user.nick } },
    });
    expect([201, 409], await response.text()).toContain(response.status());
  }
  for (const [i, [from, to, text]] of C2C.entries())
    await send(request, from, { ID: `vis-c2c-${i}`, conversationType: 'C2C', to, text });

  await nextSecond();
  const owner = await sigOf(request, ALICE.userID);
  const exists = await request.get(`/api/v1/groups/${GROUP.groupID}`, { headers: owner });
  const group = exists.ok()
    ? exists
    : await request.post('/api/v1/groups', {
        headers: owner,
        data: {
          groupID: GROUP.groupID,
          name: GROUP.name,
          type: 'Public',
          introduction: '太原前端岗位的招聘与交流',
          notification: '周五 15:00 线上宣讲会，欢迎提问。',
          memberList: [{ userID: BOB.userID }, { userID: CAROL.userID }],
        },
      });
  expect(group.ok(), await group.text()).toBe(true);
  // The group's creation notice heads the system row: the group's messages come a second after it.
  await nextSecond();
  await send(request, ALICE.userID, {
    ID: 'vis-g-0',
    conversationType: 'GROUP',
    to: GROUP.groupID,
    text: ASK,
    receipt: true,
  });
  await send(request, BOB.userID, {
    ID: 'vis-g-1',
    conversationType: 'GROUP',
    to: GROUP.groupID,
    text: '收到，准时参加。',
  });
  const read = await request.post(`/api/v1/groups/${GROUP.groupID}/read-receipts/send`, {
    headers: await sigOf(request, BOB.userID),
    data: { messageIDList: ['vis-g-0'] },
  });
  expect(read.ok(), await read.text()).toBe(true);

  // An image (for the previewer) and a merged record (for its view) go through Alice's own page, as a user sends them.
  const { context, page } = await openContext(browser, 'zh-desktop-light', {
    account: ALICE.userID,
    password: PASSWORD,
  });
  await page.goto('/chat');
  await page.locator(`[data-conversation-id="C2C${CAROL.userID}"]`).click();
  const images = page.locator('img.pc-media--image');
  await expect(page.getByTestId('message').first()).toBeVisible();
  if ((await images.count()) === 0) {
    await nextSecond();
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#3a7bd5' } })
      .png()
      .toBuffer();
    await page
      .getByTestId('plugin-image-input')
      .setInputFiles({ name: 'office.png', mimeType: 'image/png', buffer: png });
    await expect(images).toHaveCount(1);
  }
  await page.locator(`[data-conversation-id="C2C${DAVE.userID}"]`).click();
  await expect(page.getByTestId('message').first()).toBeVisible();
  if ((await page.getByTestId('merger-bubble').count()) === 0) {
    await nextSecond();
    await page.locator(`[data-conversation-id="C2C${BOB.userID}"]`).click();
    const first = page.getByTestId('message').filter({ hasText: '想了解一下岗位要求' });
    await first.getByTestId('message-menu-trigger').click({ button: 'right' });
    await page.getByTestId('message-menu').getByTestId('action-select').click();
    await page.getByTestId('message').filter({ hasText: '四年经验' }).getByTestId('select-message').check();
    await page.getByTestId('selection-bar').getByTestId('forward-merged').click();
    const dialog = page.getByTestId('forward-dialog');
    await dialog.getByTestId('forward-target').filter({ hasText: DAVE.nick }).click();
    await dialog.getByTestId('forward-send').click();
    await expect(page.getByTestId('selection-bar')).toHaveCount(0);
  }
  await context.close();
}
