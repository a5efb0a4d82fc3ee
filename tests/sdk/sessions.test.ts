import TencentCloudChat from '@parley/chat';
import { ADMIN_KEY_HEADER, ROUTES, SESSION_COOKIE } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { newClient } from './support/client.ts';
import { useServer } from './support/server.ts';

const { EVENT } = TencentCloudChat;
const ADMIN = { [ADMIN_KEY_HEADER]: 'a'.repeat(32) };
const PASSWORD = 'pass-word-1';
let counter = 0;

describe('SDK and the end of a session (SES4)', () => {
  const server = useServer('sqlite');

  /** A user with a password, logged in once in "a browser": the cookie and a userSig per tab (from GET session). */
  async function browserSession(tabs: number) {
    counter += 1;
    const userID = `ses${counter}`;
    const created = await server.app.inject({
      method: 'POST',
      url: ROUTES.adminAccounts,
      headers: ADMIN,
      payload: { userID, password: PASSWORD },
    });
    expect(created.statusCode).toBe(201);
    const login = await server.app.inject({
      method: 'POST',
      url: ROUTES.login,
      payload: { account: userID, password: PASSWORD },
    });
    const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    const sigs: string[] = [];
    for (let i = 0; i < tabs; i += 1) {
      const res = await server.app.inject({
        method: 'GET',
        url: ROUTES.session,
        cookies: { [SESSION_COOKIE]: cookie },
      });
      sigs.push(res.json<{ userSig: string }>().userSig);
    }
    const clients = [];
    for (const userSig of sigs) {
      const client = newClient(server);
      await client.chat.login({ userID, userSig });
      await client.waitFor(EVENT.SDK_READY);
      clients.push(client);
    }
    return { userID, cookie, clients };
  }

  it("SES4 sign-out in one tab: every other tab's SDK gets KICKED_OUT multipleAccount, then SDK_NOT_READY", async () => {
    const { cookie, clients } = await browserSession(2);
    const out = await server.app.inject({ method: 'POST', url: ROUTES.logout, cookies: { [SESSION_COOKIE]: cookie } });
    expect(out.statusCode).toBe(200);
    for (const client of clients) {
      expect(await client.waitFor(EVENT.KICKED_OUT)).toEqual({ type: 'multipleAccount' });
      await client.waitFor(EVENT.SDK_NOT_READY);
      const names = client.events.map((e) => e.name);
      expect(names.indexOf(EVENT.KICKED_OUT)).toBeLessThan(names.lastIndexOf(EVENT.SDK_NOT_READY));
      expect(client.chat.isReady()).toBe(false);
      expect(client.chat.getLoginUser()).toBe('');
      await expect(client.chat.getConversationList()).rejects.toMatchObject({ code: 3003 });
    }
  });

  it('SES4 a tab whose socket was down learns it from its next request (70062) and is kicked the same way', async () => {
    const { cookie, clients } = await browserSession(1);
    const [tab] = clients;
    if (!tab) throw new Error('no tab');
    // Sign out without the socket hearing it: delete the session directly, no bus event.
    await server.app.parley.domain.storage.sessions.deleteForUser(tab.chat.getLoginUser());
    expect(cookie).not.toBe('');
    await expect(tab.chat.updateMyProfile({ nick: 'after sign-out' })).rejects.toMatchObject({ code: 70062 });
    expect(await tab.waitFor(EVENT.KICKED_OUT)).toEqual({ type: 'multipleAccount' });
    await tab.waitFor(EVENT.SDK_NOT_READY);
  });

  it('SES5 an admin revoke kicks the SDK with REST_API_Kick', async () => {
    counter += 1;
    const userID = `rev${counter}`;
    await server.createUser(userID);
    const client = newClient(server);
    await client.chat.login({ userID, userSig: await server.userSig(userID) });
    const res = await server.app.inject({
      method: 'POST',
      url: ROUTES.adminRevokeUserSigs,
      headers: ADMIN,
      payload: { userID },
    });
    expect(res.statusCode).toBe(200);
    expect(await client.waitFor(EVENT.KICKED_OUT)).toEqual({ type: 'REST_API_Kick' });
    await client.waitFor(EVENT.SDK_NOT_READY);
    await expect(client.chat.getConversationList()).rejects.toMatchObject({ code: 3006 });
  });
});
