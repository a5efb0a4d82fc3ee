import { mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { KIT_ADMIN_KEY } from './kit-env.ts';

/**
 * CMP16–CMP26 (decision 0044): Tencent's React chat UIKit (@tencentcloud/chat-uikit-react 6.x) from the npm
 * registry, unmodified, bundled into a quick-start app (app/main.tsx) whose `@tencentcloud/lite-chat` is Parley's SDK,
 * driven by two users in Chromium with every external host blocked.
 */
const here = dirname(fileURLToPath(import.meta.url));
const SDK_APP_ID = 1_400_000_001;
const run = Date.now().toString(36);
const ARTIFACTS = join(here, '../../.artifacts');
/** An 8×8 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4ISeHFTEMLQkAkL9BAaxyLUcAAAAASUVORK5CYII=',
  'base64',
);

/** Every URL but the loopback's, where the Parley server and the kit app listen. */
const NOT_LOOPBACK = /^(?!https?:\/\/127\.0\.0\.1[:/])/;

interface User {
  userID: string;
  nick: string;
  userSig: string;
}

interface RecordedCall {
  method: string;
  args: string;
  answer: string;
  detail: string;
  data?: string;
  ms?: number;
}

async function createUser(request: APIRequestContext, nick: string): Promise<User> {
  const userID = `${nick.toLowerCase()}_${run}`;
  const headers = { 'x-parley-admin-key': KIT_ADMIN_KEY };
  const made = await request.post('/admin/v1/accounts', {
    headers,
    data: { userID, password: 'kit-pass-0123', identity: 1, profile: { nick } },
  });
  expect(made.status(), await made.text()).toBe(201);
  const sig = await request.post('/admin/v1/usersig', { headers, data: { userID } });
  expect(sig.ok()).toBe(true);
  return { userID, nick, userSig: ((await sig.json()) as { userSig: string }).userSig };
}

/** Another device of `from` sends over the HTTP API. */
async function sendText(request: APIRequestContext, from: User, to: string, text: string, group = false) {
  const response = await request.post('/api/v1/messages', {
    headers: { authorization: `Bearer ${from.userSig}` },
    data: {
      ID: `m_${run}_${Math.random().toString(36).slice(2)}`,
      conversationType: group ? 'GROUP' : 'C2C',
      to,
      type: 'TIMTextElem',
      payload: { text },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

interface KitPage {
  page: Page;
  /** Uncaught exceptions and unhandled promise rejections of the page. */
  errors: string[];
  /** Hosts other than the loopback that the page tried to reach (all aborted). */
  blocked: Set<string>;
}

async function openKit(browser: Browser, user: User, entry = 'index.html', extra = ''): Promise<KitPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  const blocked = new Set<string>();
  // Only requests to other hosts are routed (CMP29): routing the page's own requests too made each of them wait for
  // this worker process, and on a loaded machine a setMessageRead then outlasted the SDK's 10 s request timeout.
  await context.route(NOT_LOOPBACK, (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    blocked.add(url.host);
    return route.abort('blockedbyclient');
  });
  await context.addInitScript(() => {
    window.addEventListener('unhandledrejection', (e) => {
      const reason = e.reason as { message?: string; code?: number } | undefined;
      console.error(`unhandledrejection: ${reason?.code ?? ''} ${reason?.message ?? String(reason)}`);
    });
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.text().startsWith('unhandledrejection:')) errors.push(m.text());
  });
  const hash = `SDKAppID=${SDK_APP_ID}&userID=${user.userID}&userSig=${encodeURIComponent(user.userSig)}`;
  await page.goto(`/${entry}#${hash}${extra}`);
  return { page, errors, blocked };
}

const preview = (page: Page, title: string): Locator =>
  page.locator('.uikit-ConversationList-conversationPreview').filter({
    has: page.locator('.uikit-ConversationList-conversationPreview__title', { hasText: title }),
  });
const unreadBadge = (page: Page, title: string) => preview(page, title).locator('.uikit-avatar-badge__unread');
const messageList = (page: Page) => page.locator('.uikit-MessageList-message-list');
const textMessage = (page: Page, text: string) =>
  messageList(page).locator('.uikit-MessageList-text-message__content', { hasText: text });

/** Types into the kit's own editor and sends with Enter, as a person does. */
async function typeAndSend(page: Page, text: string) {
  const editor = page.locator('.uikit-MessageInput-message-input .tiptap.ProseMirror');
  await editor.click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

const callsOf = (page: Page) =>
  page.evaluate(() => (globalThis as { __parleyCalls?: RecordedCall[] }).__parleyCalls ?? []);

/** A call's answer as the log shows it: `ok` (resolved or synchronous), `code N` (rejected), `pending`. */
function answerOf(call: RecordedCall): string {
  if (call.answer === 'sync' || call.answer === 'resolved') return 'ok';
  if (call.answer.startsWith('rejected ')) return `code ${call.answer.slice('rejected '.length)}`;
  return call.answer;
}

/**
 * CMP32: every SDK method a kit called, one line each (callExperimentalAPI once per key; on/off with how many
 * events), with how often and every answer it got, printed to the test log and kept beside the full log.
 */
function logCalls(kit: string, calls: RecordedCall[]): void {
  const rows = new Map<string, { count: number; answers: Set<string>; events: Set<string> }>();
  for (const call of calls) {
    const first = call.args.split(', ')[0] ?? '';
    const key = call.method === 'callExperimentalAPI' ? `callExperimentalAPI(${first})` : call.method;
    const row = rows.get(key) ?? { count: 0, answers: new Set<string>(), events: new Set<string>() };
    row.count += 1;
    row.answers.add(answerOf(call));
    if (call.method === 'on' || call.method === 'off') row.events.add(first);
    rows.set(key, row);
  }
  const lines = [...rows.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, row]) => {
      const events = row.events.size > 0 ? ` (${row.events.size} events)` : '';
      return `  ${`${key}${events}`.padEnd(58)} x${String(row.count).padEnd(4)} ${[...row.answers].join(', ')}`;
    });
  const text = `SDK methods called by ${kit}: ${rows.size}\n${lines.join('\n')}`;
  console.log(text);
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, `tencent-kit-methods-${kit.replace(/\W+/g, '-')}.txt`), `${text}\n`);
}

/** CMP32: no call answered 2998 (not yet), nor was refused in any other way. */
function expectNoneRefused(calls: RecordedCall[]): void {
  expect(calls.filter((c) => c.answer === 'rejected 2998').map((c) => c.method)).toEqual([]);
  expect(calls.filter((c) => c.answer.startsWith('rejected'))).toEqual([]);
}

test('CMP16 Tencent chat-uikit-react, unmodified, chats on Parley between two users', async ({ browser, request }) => {
  const alice = await createUser(request, 'Alice');
  const bob = await createUser(request, 'Bob');
  await sendText(request, bob, alice.userID, 'hello from bob');
  await sendText(request, bob, alice.userID, 'are you there?');
  const made = await request.post('/api/v1/groups', {
    headers: { authorization: `Bearer ${alice.userSig}` },
    data: { name: `Kit group ${run}`, type: 'Public', memberList: [{ userID: bob.userID }] },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const groupID = ((await made.json()) as { group: { groupID: string } }).group.groupID;
  const groupName = `Kit group ${run}`;

  const a = await openKit(browser, alice);
  const b = await openKit(browser, bob);

  await test.step('CMP17 both log in through the kit and its conversation list renders', async () => {
    for (const { page } of [a, b]) await expect(page.locator('.uikit-ConversationList-conversationList')).toBeVisible();
  });

  await test.step('CMP18 the list shows the peer with the last message and the unread count', async () => {
    await expect(preview(a.page, 'Bob').locator('.uikit-ConversationList-conversationPreview__abstract')).toHaveText(
      'are you there?',
    );
    await expect(unreadBadge(a.page, 'Bob')).toHaveText('2');
    await expect(preview(b.page, 'Alice')).toBeVisible();
  });

  await test.step('CMP19 opening shows the history, and the unread count clears', async () => {
    await preview(a.page, 'Bob').click();
    await expect(textMessage(a.page, 'hello from bob')).toBeVisible();
    await expect(textMessage(a.page, 'are you there?')).toBeVisible();
    await expect(unreadBadge(a.page, 'Bob')).toHaveCount(0);
    // The server's read position moved too: Bob's other device sees nothing unread for Alice's side.
    await expect
      .poll(async () => {
        const list = await request.get('/api/v1/conversations?since=0', {
          headers: { authorization: `Bearer ${alice.userSig}` },
        });
        const body = (await list.json()) as { conversationList?: { conversationID: string; unreadCount: number }[] };
        return body.conversationList?.find((c) => c.conversationID === `C2C${bob.userID}`)?.unreadCount;
      })
      .toBe(0);
  });

  await test.step('CMP20 text typed in the kit editor arrives live, both ways', async () => {
    await preview(b.page, 'Alice').click();
    await typeAndSend(a.page, 'hi Bob, typed in the kit');
    await expect(textMessage(b.page, 'hi Bob, typed in the kit')).toBeVisible();
    await typeAndSend(b.page, 'hi Alice, typed back');
    await expect(textMessage(a.page, 'hi Alice, typed back')).toBeVisible();
  });

  await test.step('CMP20 an image sent with the kit’s own button arrives as an image', async () => {
    await a.page.locator('.uikit-MessageInput-attachment-picker [title]').first().click();
    const chooser = a.page.waitForEvent('filechooser');
    await a.page.locator('.uikit-MessageInput-attachment-picker__popup-button', { hasText: /image|photo/i }).click();
    await (await chooser).setFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    const image = messageList(b.page).locator('img[src*="/api/v1/files/"]');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  await test.step('CMP21 a group message round-trips', async () => {
    await preview(b.page, groupName).click();
    await typeAndSend(b.page, 'hello group from bob');
    await expect(preview(a.page, groupName)).toBeVisible();
    await preview(a.page, groupName).click();
    await expect(textMessage(a.page, 'hello group from bob')).toBeVisible();
    await typeAndSend(a.page, 'hello group from alice');
    await expect(textMessage(b.page, 'hello group from alice')).toBeVisible();
    await sendText(request, bob, groupID, 'from bob’s phone', true);
    await expect(textMessage(a.page, 'from bob’s phone')).toBeVisible();
  });

  const calls = { alice: await callsOf(a.page), bob: await callsOf(b.page) };

  await test.step('CMP22 logout works', async () => {
    await a.page.getByTestId('logout').click();
    await expect(a.page.getByTestId('login-status')).toBeVisible();
    const logout = (await callsOf(a.page)).find((c) => c.method === 'logout');
    expect(logout?.answer).toBe('resolved');
    calls.alice = await callsOf(a.page);
  });

  await test.step('CMP23 no SDK call refused, no uncaught exception or rejection, every other host blocked', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'tencent-uikit-react-calls.json'), JSON.stringify(calls, null, 1));
    logCalls('React UIKit (two users)', [...calls.alice, ...calls.bob]);
    // No call the kit made was refused, with 2998 or any other code.
    expectNoneRefused([...calls.alice, ...calls.bob]);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    console.log(`blocked hosts: ${[...a.blocked, ...b.blocked].join(', ') || 'none'}`);
  });
});

test('CMP31 CMP34 CMP35 CMP37 the kit\u2019s Start chat panel, its search opening an old message, its chat settings', async ({
  browser,
  request,
}) => {
  const fay = await createUser(request, 'Fay');
  const gus = await createUser(request, 'Gus');
  const added = await request.post('/api/v1/friends', {
    headers: { authorization: `Bearer ${fay.userSig}` },
    data: { to: gus.userID, source: 'AddSource_Type_Web', type: 'Add_Type_Both' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  // An older group conversation: one message worth finding, then more than the kit's first page of history.
  const groupName = `Haystack ${run}`;
  const made = await request.post('/api/v1/groups', {
    headers: { authorization: `Bearer ${gus.userSig}` },
    data: { name: groupName, type: 'Public', memberList: [{ userID: fay.userID }] },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const groupID = ((await made.json()) as { group: { groupID: string } }).group.groupID;
  await sendText(request, gus, groupID, 'needle in the haystack', true);
  for (let i = 1; i <= 24; i += 1) await sendText(request, gus, groupID, `filler ${i}`, true);
  const f = await openKit(browser, fay);
  const g = await openKit(browser, gus);
  await expect(f.page.locator('.uikit-ConversationList-conversationList')).toBeVisible();
  // The kit's own panel: its + button, then the friend's name (the kit lists friends from getFriendList).
  await f.page.locator('.uikit-ConversationList-conversationCreateButton').click();
  await f.page.locator('.uikit-ConversationList-conversationCreate__main').getByText('Gus', { exact: true }).click();
  // The chat opens (CMP30: the conversation joined the list, where the kit looks for it) and the list shows it.
  await expect(preview(f.page, 'Gus')).toBeVisible();
  await typeAndSend(f.page, 'hi Gus, a new chat');
  await expect(textMessage(f.page, 'hi Gus, a new chat')).toBeVisible();
  await expect(preview(g.page, 'Fay').locator('.uikit-ConversationList-conversationPreview__abstract')).toHaveText(
    'hi Gus, a new chat',
  );
  await expect(unreadBadge(g.page, 'Fay')).toHaveText('1');
  await preview(g.page, 'Fay').click();
  await expect(textMessage(g.page, 'hi Gus, a new chat')).toBeVisible();
  await expect(preview(f.page, 'Gus')).toHaveCount(1);

  // CMP34: the kit's own search finds an old group message, and its locate button opens the group at that message,
  // which is older than the page the kit loads first (getMessageListHopping, CMP33).
  await f.page.getByPlaceholder('Search').first().click();
  await f.page.keyboard.type('needle');
  await f.page.locator('.uikit-SearchNew-SearchResultRow', { hasText: groupName }).first().click();
  const found = f.page.locator('.uikit-SearchNew-SearchMessageList__row', { hasText: 'needle in the haystack' });
  await found.hover();
  await found.locator('.uikit-SearchNew-SearchMessageList__locateBtn').click();
  await expect(textMessage(f.page, 'needle in the haystack')).toBeVisible();
  await expect(messageList(f.page).getByText('filler 1', { exact: true })).toBeVisible();
  const hops = (await callsOf(f.page)).filter((c) => c.method === 'getMessageListHopping');
  expect(hops.length).toBeGreaterThan(0);
  expect(hops.map((c) => c.answer)).not.toContain('pending');

  // CMP35 through the kit: its settings panel's Clear Chat History, confirmed in its dialog, empties the group's
  // history for Fay only; the group stays in her list.
  await f.page.getByText('Clear Chat History').click();
  await f.page.getByRole('button', { name: /^(确认|Confirm)$/ }).click();
  await expect(textMessage(f.page, 'needle in the haystack')).toHaveCount(0);
  await expect(messageList(f.page).getByText('filler 24', { exact: true })).toHaveCount(0);
  await expect(preview(f.page, groupName)).toBeVisible();
  const history = async (user: User) => {
    const path = `/api/v1/conversations/${encodeURIComponent(`GROUP${groupID}`)}/messages`;
    const page = await request.get(path, { headers: { authorization: `Bearer ${user.userSig}` } });
    return ((await page.json()) as { messageList: unknown[] }).messageList.length;
  };
  expect(await history(fay)).toBe(0);
  expect(await history(gus)).toBeGreaterThan(0);

  // CMP37: the settings panel's Pin and Mute switches pin and mute the conversation, on the server too.
  await preview(f.page, 'Gus').click();
  const toggle = (label: string) =>
    f.page.getByText(label, { exact: true }).locator('xpath=..').locator('div').last().click();
  await toggle('Pin Conversation');
  await toggle('Mute Conversation');
  await expect
    .poll(async () => {
      const list = await request.get('/api/v1/conversations?since=0', {
        headers: { authorization: `Bearer ${fay.userSig}` },
      });
      const body = (await list.json()) as {
        conversationList?: { conversationID: string; isPinned: boolean; messageRemindType: string }[];
      };
      const row = body.conversationList?.find((c) => c.conversationID === `C2C${gus.userID}`);
      return row && { isPinned: row.isPinned, messageRemindType: row.messageRemindType };
    })
    .toEqual({ isPinned: true, messageRemindType: 'AcceptNotNotify' });
  const calls = [...(await callsOf(f.page)), ...(await callsOf(g.page))];
  logCalls('React UIKit (start chat)', calls);
  expectNoneRefused(calls);
  expect(f.errors).toEqual([]);
  expect(g.errors).toEqual([]);
});

test('CMP26 Tencent chat-uikit-engine and tui-core, unmodified: abilities right after login, a chat round', async ({
  browser,
  request,
}) => {
  const dan = await createUser(request, 'Dan');
  const erin = await createUser(request, 'Erin');
  await sendText(request, erin, dan.userID, 'hello engine');
  const d = await openKit(browser, dan, 'engine.html', `&peer=${erin.userID}`);
  await d.page.waitForFunction(() => (globalThis as { __engine?: { done: boolean } }).__engine?.done === true);
  const run = await d.page.evaluate(() => (globalThis as { __engine?: Record<string, unknown> }).__engine);
  const calls = await callsOf(d.page);
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, 'tencent-uikit-engine-calls.json'), JSON.stringify(calls, null, 1));
  logCalls('chat-uikit-engine and tui-core', calls);
  expect(run?.error).toBeUndefined();
  expect(run?.step).toBe('end');
  // CMP8 through the engine: it asks callExperimentalAPI('isCommercialAbilityEnabled', …) as soon as login resolves.
  expect(run?.abilities).toEqual({ readReceipt: true, onlineStatus: true });
  expect(run?.sent).toBe(0);
  expect(run?.history).toEqual(expect.arrayContaining(['hello engine', 'hello from the engine']));
  expectNoneRefused(calls);
  expect(d.errors).toEqual([]);
});

/** CMP24: the official SDKs are neither installed nor bundled (decision 0044). */
test('CMP24 no file of the official Tencent SDKs is installed or bundled', () => {
  const modules = join(here, 'node_modules');
  const link = join(here, 'parley-sdk-link');
  for (const name of ['@tencentcloud/lite-chat', '@tencentcloud/chat']) {
    expect(realpathSync(join(modules, name)), name).toBe(realpathSync(link));
  }
  const official: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.name === 'package.json') {
        const name = (JSON.parse(readFileSync(path, 'utf8')) as { name?: string }).name;
        if (name === '@tencentcloud/lite-chat' || name === '@tencentcloud/chat') official.push(path);
      }
    }
  };
  walk(modules);
  expect(official).toEqual([]);
  const meta = JSON.parse(readFileSync(join(here, 'dist/meta.json'), 'utf8')) as { inputs: Record<string, unknown> };
  const inputs = Object.keys(meta.inputs);
  expect(inputs.filter((p) => /@tencentcloud\/(lite-)?chat\//.test(p))).toEqual([]);
  expect(inputs.some((p) => p.includes('packages/sdk/src/'))).toBe(true);
  expect(inputs.some((p) => p.includes('@tencentcloud/chat-uikit-react/'))).toBe(true);
});
