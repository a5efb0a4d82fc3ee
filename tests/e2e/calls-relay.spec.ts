import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN_KEY } from './e2e-env.ts';
import { PASSWORD, uniqueID } from './chat-support.ts';
import {
  type CallServer,
  type Coturn,
  expectMediaFlowing,
  spyPeerConnections,
  startCoturn,
  startParley,
} from './calls-support.ts';

/**
 * A call forced through coturn (CALL6, decision 0039): a Parley server whose ICE answer names a coturn started here on
 * loopback, with `PARLEY_ICE_TRANSPORT_POLICY=relay`, so the browsers may use relay candidates only.
 */
let turn: Coturn;
let parley: CallServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  turn = await startCoturn();
  parley = await startParley({
    PARLEY_TURN_URLS: `turn:127.0.0.1:${turn.port}?transport=udp`,
    PARLEY_TURN_SECRET: turn.secret,
    PARLEY_ICE_TRANSPORT_POLICY: 'relay',
  });
});

test.afterAll(async () => {
  await parley?.stop();
  turn?.stop();
});

test('CALL7 a video call through coturn only: relay candidates on both sides, media both ways', async ({
  browser,
  playwright,
}) => {
  // Two browsers with fake video and a relay on a shared 2-core machine: setting up takes a while.
  test.setTimeout(300_000);
  const admin = await playwright.request.newContext({ baseURL: parley.url });
  const users = [];
  for (const nick of ['Amy', 'Ben']) {
    const userID = uniqueID(nick.toLowerCase());
    const made = await admin.post('/admin/v1/accounts', {
      headers: { 'x-parley-admin-key': E2E_ADMIN_KEY },
      data: { userID, password: PASSWORD, identity: 1, profile: { nick } },
    });
    expect(made.status()).toBe(201);
    users.push({ userID, nick });
  }
  const [amy, ben] = users as [{ userID: string; nick: string }, { userID: string; nick: string }];
  const pages: Page[] = [];
  for (const user of users) {
    const context = await browser.newContext({ baseURL: parley.url, locale: 'en-US' });
    await spyPeerConnections(context);
    const login = await context.request.post('/api/v1/auth/login', {
      data: { account: user.userID, password: PASSWORD },
    });
    expect(login.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto('/chat');
    pages.push(page);
  }
  const [a, b] = pages as [Page, Page];
  // A first message makes the conversation.
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
  await a.locator(`[data-conversation-id="C2C${ben.userID}"]`).click();
  await a.getByTestId('call-video').click();
  await expect(b.getByTestId('call-screen')).toHaveAttribute('data-phase', 'incoming');
  await b.getByTestId('call-accept').click();
  for (const page of [a, b]) {
    const flowing = await expectMediaFlowing(page, 1);
    expect(flowing.peers[0]?.policy).toBe('relay');
    expect(flowing.peers[0]?.candidate).toBe('relay');
  }
  await a.getByTestId('call-hangup').click();
  await expect(b.getByTestId('call-screen')).toHaveCount(0);
  await admin.dispose();
});
