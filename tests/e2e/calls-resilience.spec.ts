import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { PASSWORD, uniqueID } from './chat-support.ts';
import {
  type CallServer,
  type Coturn,
  expectMediaFlowing,
  spyPeerConnections,
  startCoturn,
  startParley,
} from './calls-support.ts';
import { E2E_ADMIN_KEY } from './e2e-env.ts';

/**
 * Calls that meet trouble (KCALL36–KCALL38): a Parley server and a coturn of this file's own, calls forced through
 * the relay (`PARLEY_ICE_TRANSPORT_POLICY=relay`), so a test can cut the media path by killing the relay and the
 * signalling by taking a page offline, and restart the server it started.
 */
let turn: Coturn;
let parley: CallServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  turn = await startCoturn();
  parley = await startParley({
    PARLEY_TURN_URLS: `turn:127.0.0.1:${turn.port}?transport=udp`,
    PARLEY_TURN_SECRET: turn.secret,
    PARLEY_ICE_TRANSPORT_POLICY: 'relay',
    // The sweep that times out invitations whose node forgot them (SIG7): often, for the closed-tab test.
    PARLEY_CALL_SWEEP_MS: '1000',
  });
});

test.afterAll(async () => {
  await parley?.stop();
  turn?.stop();
});

interface Person {
  userID: string;
  nick: string;
}

/** Two users who exchanged a message, each in a page of their own showing the other's conversation. */
async function pair(
  browser: Browser,
  admin: APIRequestContext,
): Promise<{ amy: Person; ben: Person; a: Page; b: Page }> {
  const people: Person[] = [];
  for (const nick of ['Amy', 'Ben']) {
    const userID = uniqueID(nick.toLowerCase());
    const made = await admin.post('/admin/v1/accounts', {
      headers: { 'x-parley-admin-key': E2E_ADMIN_KEY },
      data: { userID, password: PASSWORD, identity: 1, profile: { nick } },
    });
    expect(made.status()).toBe(201);
    people.push({ userID, nick });
  }
  const [amy, ben] = people as [Person, Person];
  const sig = await admin.post('/admin/v1/usersig', {
    headers: { 'x-parley-admin-key': E2E_ADMIN_KEY },
    data: { userID: amy.userID },
  });
  const { userSig } = (await sig.json()) as { userSig: string };
  const sent = await admin.post('/api/v1/messages', {
    headers: { authorization: `Bearer ${userSig}` },
    data: { ID: uniqueID('m'), conversationType: 'C2C', to: ben.userID, type: 'TIMTextElem', payload: { text: 'hi' } },
  });
  expect(sent.ok()).toBe(true);
  const pages: Page[] = [];
  for (const [me, other] of [
    [amy, ben],
    [ben, amy],
  ] as const) {
    const context = await browser.newContext({ baseURL: parley.url, locale: 'en-US' });
    await spyPeerConnections(context);
    const login = await context.request.post('/api/v1/auth/login', {
      data: { account: me.userID, password: PASSWORD },
    });
    expect(login.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto('/chat');
    await page.locator(`[data-conversation-id="C2C${other.userID}"]`).click();
    await expect(page.getByTestId('chat-title')).toHaveText(other.nick);
    pages.push(page);
  }
  const [a, b] = pages as [Page, Page];
  return { amy, ben, a, b };
}

const screen = (page: Page) => page.getByTestId('call-screen');

/** Amy video-calls Ben, Ben answers, media flows both ways through the relay. */
async function connectedCall(a: Page, b: Page): Promise<void> {
  await a.getByTestId('call-video').click();
  await expect(screen(b)).toHaveAttribute('data-phase', 'incoming');
  await b.getByTestId('call-accept').click();
  for (const page of [a, b]) {
    await expect(screen(page)).toHaveAttribute('data-phase', 'active');
    await expectMediaFlowing(page, 1);
  }
}

/** ICE state of the page's open peer connections. */
const iceStates = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { __parleyPCs: RTCPeerConnection[] }).__parleyPCs ?? [])
      .filter((pc) => pc.connectionState !== 'closed')
      .map((pc) => pc.iceConnectionState),
  );

/** The call lines with a duration, in either language (the page keeps its own choice). */
const durationLines = (page: Page) =>
  page.getByTestId('call-line').filter({ hasText: /^(Video call|视频通话) \d\d:\d\d:\d\d$/ });

test.describe('calls that meet trouble (decision 0054)', () => {
  // Two browsers sending fake video through a relay on a shared 2-core machine, and outages of many seconds.
  test.describe.configure({ timeout: 420_000 });

  test("KCALL36 the callee's network drops mid-call: ICE restarts once it is back and the call resumes on both sides", async ({
    browser,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL: parley.url });
    const { a, b } = await pair(browser, admin);
    await connectedCall(a, b);
    // Ben's network goes: his signalling (HTTP and the push socket) and the media path (the relay) with it.
    await b.context().setOffline(true);
    await turn.pause();
    await expect(b.locator('.pc-banner').first()).toBeVisible({ timeout: 120_000 });
    for (const page of [a, b]) {
      await expect
        .poll(() => iceStates(page), { timeout: 120_000 })
        .toEqual([expect.stringMatching(/^(disconnected|failed|checking)$/)]);
    }
    await turn.resume();
    await b.context().setOffline(false);
    for (const page of [a, b]) {
      await expect
        .poll(() => iceStates(page), { timeout: 120_000 })
        .toEqual([expect.stringMatching(/^(connected|completed)$/)]);
      await expectMediaFlowing(page, 1);
      await expect(screen(page)).toHaveAttribute('data-phase', 'active');
    }
    await a.getByTestId('call-hangup').click();
    await expect(screen(b)).toHaveCount(0, { timeout: 60_000 });
    for (const page of [a, b]) await expect(durationLines(page)).toHaveCount(1, { timeout: 60_000 });
    await Promise.all([a.context().close(), b.context().close()]);
    await admin.dispose();
  });

  test('KCALL37 a server restart during a call does not cut the media; the call is hung up afterwards with its record', async ({
    browser,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL: parley.url });
    const { a, b } = await pair(browser, admin);
    await connectedCall(a, b);
    const restarted = parley.restart();
    // While the server is down and coming back, inbound bytes keep growing on both sides.
    for (const page of [a, b]) await expectMediaFlowing(page, 1);
    await restarted;
    for (const page of [a, b]) {
      await expectMediaFlowing(page, 1);
      await expect(screen(page)).toHaveAttribute('data-phase', 'active');
      // The push socket is back (the banner that showed while the server was away is gone).
      await expect(page.locator('.pc-banner')).toHaveCount(0, { timeout: 120_000 });
    }
    await a.getByTestId('call-hangup').click();
    await expect(screen(b)).toHaveCount(0, { timeout: 60_000 });
    for (const page of [a, b]) await expect(durationLines(page)).toHaveCount(1, { timeout: 60_000 });
    await Promise.all([a.context().close(), b.context().close()]);
    await admin.dispose();
  });

  test('KCALL38 a tab closed while ringing: the other side stops ringing within the ring time, with a line', async ({
    browser,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL: parley.url });
    // The caller's tab closes: the callee's ring stops.
    {
      const { a, b } = await pair(browser, admin);
      await a.getByTestId('call-voice').click();
      await expect(screen(b)).toHaveAttribute('data-phase', 'incoming');
      await a.context().close();
      // The ring time (30 s, RING_SECONDS) and a sweep of the server (SIG7) bound it; 4x that for a loaded machine.
      await expect(screen(b)).toHaveCount(0, { timeout: 150_000 });
      await expect(b.getByTestId('call-line').last()).toHaveText(/^(No answer|无应答|Call cancelled|已取消)$/);
      await b.context().close();
    }
    // The callee's tab closes: the caller's ring stops.
    {
      const { a, b } = await pair(browser, admin);
      await a.getByTestId('call-voice').click();
      await expect(screen(b)).toHaveAttribute('data-phase', 'incoming');
      await b.context().close();
      await expect(screen(a)).toHaveCount(0, { timeout: 150_000 });
      await expect(a.getByTestId('call-line').last()).toHaveText(/^(No answer|无应答|Call cancelled|已取消)$/);
      await a.context().close();
    }
    await admin.dispose();
  });
});
