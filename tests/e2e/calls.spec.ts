import { type Browser, expect, type Page, test } from '@playwright/test';
import { createUser, PASSWORD, sendTexts, type TestUser, userSigOf, uniqueID } from './chat-support.ts';
import { expectMediaFlowing, openConversation, spyPeerConnections } from './calls-support.ts';

/**
 * Calls placed and answered from the UI (decision 0039) in Chromium with a fake camera and microphone: media must
 * flow both ways (inbound audio and video bytes grow on both sides, read from getStats), and every way a call ends
 * leaves its line in the conversation.
 */

async function openCalls(browser: Browser, user: TestUser, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    ...(baseURL ? { baseURL } : {}),
  });
  await spyPeerConnections(context);
  const response = await context.request.post('/api/v1/auth/login', {
    data: { account: user.userID, password: PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const page = await context.newPage();
  await page.goto('/chat');
  await expect(page.getByTestId('chat-title').or(page.locator('[data-conversation-id]').first())).toBeVisible();
  return page;
}

const screen = (page: Page) => page.getByTestId('call-screen');
/** The call lines whose text is `en` or its Chinese `zh` (the portal keeps its own language choice, Chinese first). */
const callLines = (page: Page, en: string, zh: string) =>
  page.getByTestId('call-line').filter({ hasText: new RegExp(`^(${en}|${zh})$`) });

/** Two users who have exchanged a message, each in a browser page showing the other's conversation. */
async function pair(browser: Browser, request: Parameters<typeof createUser>[0]) {
  const amy = await createUser(request, 'amy', 'Amy');
  const ben = await createUser(request, 'ben', 'Ben');
  await sendTexts(request, amy, ben, ['hello']);
  const a = await openCalls(browser, amy);
  const b = await openCalls(browser, ben);
  await openConversation(a, ben);
  await openConversation(b, amy);
  return { amy, ben, a, b };
}

async function call(from: Page, to: Page, kind: 'voice' | 'video', callerNick: string) {
  await from.getByTestId(`call-${kind}`).click();
  await expect(screen(from)).toHaveAttribute('data-phase', 'outgoing');
  await expect(screen(to)).toHaveAttribute('data-phase', 'incoming');
  await expect(to.getByTestId('call-peer-name')).toHaveText(callerNick);
}

test.describe('calls (decision 0039)', () => {
  // Two to three browsers sending fake video on a shared 2-core machine: setting up a call takes seconds.
  test.describe.configure({ timeout: 300_000 });
  test('KCALL30 a one-to-one video call: placed and answered in the UI, media both ways, hung up, a line with its duration', async ({
    browser,
    request,
  }) => {
    const { amy, a, b } = await pair(browser, request);
    await call(a, b, 'video', amy.nick);
    await b.getByTestId('call-accept').click();
    await expect(screen(a)).toHaveAttribute('data-phase', 'active');
    await expect(screen(b)).toHaveAttribute('data-phase', 'active');
    await expect(a.getByTestId('call-remote-video')).toHaveCount(1);
    await expectMediaFlowing(a, 1);
    await expectMediaFlowing(b, 1);
    await expect(a.getByTestId('call-duration')).toHaveText(/^\d\d:\d\d:\d\d$/);
    await a.screenshot({ path: test.info().outputPath('in-call.png') });
    await a.getByTestId('call-hangup').click();
    await expect(screen(a)).toHaveCount(0);
    await expect(screen(b)).toHaveCount(0);
    for (const page of [a, b]) {
      await expect(callLines(page, 'Video call \\d\\d:\\d\\d:\\d\\d', '视频通话 \\d\\d:\\d\\d:\\d\\d')).toHaveCount(1);
    }
  });

  test('KCALL31 declined, cancelled, unanswered and busy calls each leave their line', async ({ browser, request }) => {
    test.setTimeout(420_000);
    const { amy, ben, a, b } = await pair(browser, request);
    // Declined.
    await call(a, b, 'voice', amy.nick);
    await b.getByTestId('call-reject').click();
    await expect(screen(a)).toHaveCount(0);
    await expect(callLines(a, 'Call declined', '已拒绝')).toHaveCount(1);
    await expect(callLines(b, 'Call declined', '已拒绝')).toHaveCount(1);
    // Cancelled: the callee's ring stops.
    await call(a, b, 'voice', amy.nick);
    await a.getByTestId('call-hangup').click();
    await expect(screen(b)).toHaveCount(0);
    await expect(callLines(b, 'Call cancelled', '已取消')).toHaveCount(1);
    // Busy: Ben is in a call with Cat when Amy calls.
    const cat = await createUser(request, 'cat', 'Cat');
    await sendTexts(request, cat, ben, ['hi']);
    const c = await openCalls(browser, cat);
    await openConversation(c, ben);
    await b.locator(`[data-conversation-id="C2C${cat.userID}"]`).click();
    await call(c, b, 'voice', cat.nick);
    await b.getByTestId('call-accept').click();
    await expect(screen(c)).toHaveAttribute('data-phase', 'active');
    await a.getByTestId('call-voice').click();
    await expect(screen(a)).toHaveCount(0);
    await expect(callLines(a, 'Line busy', '对方忙线中')).toHaveCount(1);
    await c.getByTestId('call-hangup').click();
    await expect(screen(b)).toHaveCount(0);
    // Unanswered: it rings until the invitation times out (30 s).
    await b.locator(`[data-conversation-id="C2C${amy.userID}"]`).click();
    await call(a, b, 'voice', amy.nick);
    await expect(screen(a)).toHaveCount(0, { timeout: 90_000 });
    await expect(screen(b)).toHaveCount(0);
    await expect(callLines(a, 'No answer', '无应答')).toHaveCount(1);
    void ben;
  });

  test('KCALL32 a three-person group call: media flows between every pair', async ({ browser, request }) => {
    const amy = await createUser(request, 'amy', 'Amy');
    const ben = await createUser(request, 'ben', 'Ben');
    const cat = await createUser(request, 'cat', 'Cat');
    const groupID = uniqueID('g');
    const sig = await userSigOf(request, amy.userID);
    const made = await request.post('/api/v1/groups', {
      headers: { authorization: `Bearer ${sig}` },
      data: {
        groupID,
        name: 'Call group',
        type: 'Private',
        memberList: [{ userID: ben.userID }, { userID: cat.userID }],
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const pages = await Promise.all([amy, ben, cat].map((u) => openCalls(browser, u)));
    const [a, b, c] = pages as [Page, Page, Page];
    await a.locator(`[data-conversation-id="GROUP${groupID}"]`).click();
    await a.getByTestId('call-video').click();
    await expect(a.getByTestId('call-pick')).toHaveCount(2);
    for (const box of await a.getByTestId('call-pick').all()) await box.check();
    await a.getByTestId('call-pick-start').click();
    for (const page of [b, c]) {
      await expect(screen(page)).toHaveAttribute('data-phase', 'incoming');
      await page.getByTestId('call-accept').click();
    }
    for (const page of pages) await expectMediaFlowing(page, 2);
    await a.getByTestId('call-hangup').click();
    await expect(screen(a)).toHaveCount(0);
  });

  test('KCALL33 two devices of one user ring; one answers and the other stops ringing', async ({
    browser,
    request,
  }) => {
    const { amy, ben, a, b } = await pair(browser, request);
    const b2 = await openCalls(browser, ben);
    await call(a, b, 'video', amy.nick);
    await expect(screen(b2)).toHaveAttribute('data-phase', 'incoming');
    await b.getByTestId('call-accept').click();
    await expect(screen(b2)).toHaveCount(0);
    await expectMediaFlowing(a, 1);
    await expectMediaFlowing(b, 1);
    await a.getByTestId('call-hangup').click();
    await expect(screen(b)).toHaveCount(0);
  });
});
