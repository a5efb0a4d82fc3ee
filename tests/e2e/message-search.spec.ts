import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, expectTheme } from './a11y-support.ts';
import { createUser, messageWith, openChat, type TestUser, uniqueID, userSigOf } from './chat-support.ts';

/**
 * Search and the jump to an old message (SRCH45–SRCH51): a group of 3,000 messages, a word from its 5th found by the
 * box over every conversation and by the conversation's own search; the chat opens there with its neighbours, and
 * scrolling loads more both ways. One seeded group serves zh and en.
 */

const TOTAL = 3000;
const SENDERS = 10;
const EARLY = '早期暗号：蓝鲸计划 bluewhale';
const filler = (n: number) => `填充消息 ${n}`;

/** One group message over HTTP, as another device sends it; over the per-user rate (LIM5) it waits as told. */
async function sendToGroup(request: APIRequestContext, sig: string, groupID: string, text: string): Promise<void> {
  const data = { ID: uniqueID('m'), conversationType: 'GROUP', to: groupID, type: 'TIMTextElem', payload: { text } };
  const send = () => request.post('/api/v1/messages', { headers: { authorization: `Bearer ${sig}` }, data });
  let response = await send();
  for (let attempt = 0; response.status() === 429 && attempt < 50; attempt += 1) {
    const seconds = Number(response.headers()['retry-after'] ?? '1');
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    response = await send();
  }
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * The group and its history: messages 1–10 in order (the 5th holds the searched words), then the rest from ten
 * senders at once (the send limit is per user, so ten of them seed ten times as fast).
 */
async function seed(request: APIRequestContext): Promise<{ viewer: TestUser; groupID: string; name: string }> {
  const viewer = await createUser(request, 'srchme', '搜索者');
  const senders = await Promise.all(
    Array.from({ length: SENDERS }, (_, i) => createUser(request, 'srch', `发送者${i}`)),
  );
  const sigs = await Promise.all(senders.map((s) => userSigOf(request, s.userID)));
  const groupID = uniqueID('g');
  const name = `长历史群${groupID.slice(-4)}`;
  const made = await request.post('/api/v1/groups', {
    headers: { authorization: `Bearer ${sigs[0]}` },
    data: {
      groupID,
      name,
      type: 'Public',
      memberList: [viewer, ...senders.slice(1)].map((u) => ({ userID: u.userID })),
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  for (let n = 1; n <= 10; n += 1) await sendToGroup(request, sigs[0] ?? '', groupID, n === 5 ? EARLY : filler(n));
  let next = 11;
  await Promise.all(
    sigs.map(async (sig) => {
      while (next <= TOTAL) {
        const n = next;
        next += 1;
        await sendToGroup(request, sig, groupID, filler(n));
      }
    }),
  );
  return { viewer, groupID, name };
}

/** Scrolls the message list by wheel steps until `text` shows (the list loads pages as it nears an end). */
async function scrollUntil(page: Page, direction: 1 | -1, text: string): Promise<void> {
  const list = page.getByTestId('message-list');
  const box = await list.boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(async () => {
    await page.mouse.wheel(0, direction * 1200);
    await expect(messageWith(page, text)).toBeVisible({ timeout: 1000 });
  }).toPass();
}

/** The chosen message shows, with neighbours above and below, far from the newest. */
async function expectOpenedAtEarly(page: Page): Promise<void> {
  await expect(messageWith(page, EARLY)).toBeVisible();
  await expect(messageWith(page, filler(4))).toBeAttached();
  await expect(messageWith(page, filler(6))).toBeAttached();
  await expect(messageWith(page, filler(TOTAL))).toHaveCount(0);
}

const TEXTS = {
  zh: { messages: '消息', box: '搜索消息、联系人和群组', inside: '搜索本会话的消息' },
  en: { messages: 'Messages', box: 'Search messages, contacts and groups', inside: 'Search this conversation' },
};

test.describe('search and the jump to an old message', () => {
  let seeded: Awaited<ReturnType<typeof seed>>;
  // Seeding 3,000 messages is the long part; a loaded machine may take minutes.
  test.describe.configure({ mode: 'serial', timeout: 900_000 });

  test.beforeAll(async ({ request }) => {
    test.setTimeout(900_000);
    seeded = await seed(request);
  });

  for (const language of ['zh', 'en'] as const) {
    test(`SRCH48 SRCH50 SRCH51 a word of the 5th of ${TOTAL} messages, found and opened in place (${language})`, async ({
      browser,
    }) => {
      const t = TEXTS[language];
      const { context, page } = await openChat(browser, seeded.viewer);
      if (language === 'en') {
        await page.evaluate(() =>
          document.querySelector<HTMLButtonElement>('.language-switch button[lang="en"]')?.click(),
        );
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      }
      await page.emulateMedia({ colorScheme: language === 'zh' ? 'light' : 'dark' });
      await expectTheme(page, language === 'zh' ? 'light' : 'dark');

      // Every conversation's search, by keyboard: the match is marked, Enter on it opens the group at it.
      const box = page.getByRole('combobox', { name: t.box });
      await box.fill('蓝鲸');
      const messagesGroup = page.getByRole('group', { name: t.messages });
      await expect(messagesGroup.getByRole('option')).toHaveCount(1);
      await expect(messagesGroup.locator('mark')).toHaveText('蓝鲸');
      await expectNoSeriousViolations(page, `${language}: search results`);
      await box.press('ArrowDown');
      await expect(messagesGroup.getByRole('option')).toHaveAttribute('aria-selected', 'true');
      await box.press('Enter');
      await expect(page.getByTestId('chat-title')).toHaveText(seeded.name);
      await expectOpenedAtEarly(page);

      // Scrolling down loads newer pages; up reaches the first message.
      await scrollUntil(page, 1, filler(40));
      await scrollUntil(page, -1, filler(1));

      // The conversation's own search: the words again, opened in place.
      await page.getByTestId('jump-tip').click();
      await expect(messageWith(page, filler(TOTAL))).toBeVisible();
      await page.getByRole('button', { name: t.inside }).click();
      const inside = page.getByTestId('conversation-search-input');
      await expect(inside).toBeFocused();
      await inside.fill('bluewhale');
      await expect(page.getByTestId('conversation-search').getByRole('option')).toHaveCount(1);
      await expectNoSeriousViolations(page, `${language}: conversation search`);
      await inside.press('ArrowDown');
      await inside.press('Enter');
      await expectOpenedAtEarly(page);
      await inside.press('Escape');
      await expect(page.getByTestId('conversation-search')).toHaveCount(0);
      await context.close();
    });
  }
});
