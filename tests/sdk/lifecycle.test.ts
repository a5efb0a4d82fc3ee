import TencentCloudChat, { type Conversation, type Message, type Profile } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loggedIn, newClient, sendText } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;

describe.each(BACKENDS)('SDK lifecycle against the real server [%s]', (backend) => {
  const server = useServer(backend);

  it('SDK30 login syncs before SDK_READY; the list is ready to read; logout ends the session', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = await loggedIn(server, a);
    await sendText(amy, b, 'waiting for you');

    const bob = newClient(server);
    expect(bob.chat.isReady()).toBe(false);
    expect(bob.chat.getLoginUser()).toBe('');
    await expect(bob.chat.getConversationList()).rejects.toMatchObject({ code: 2999 });
    const early = bob.chat.createTextMessage({ to: a, conversationType: TYPES.CONV_C2C, payload: { text: 'x' } });
    await expect(early).rejects.toMatchObject({ code: 2999 });

    let listAtReady: Conversation[] = [];
    bob.chat.on(EVENT.SDK_READY, () => {
      void bob.chat.getConversationList().then((r) => {
        listAtReady = r.data.conversationList;
      });
    });
    const sig = await server.userSig(b);
    await expect(bob.chat.login({ userID: b, userSig: sig })).resolves.toEqual({
      code: 0,
      data: { repeatLogin: false },
    });
    // CMP1: SDK_READY follows login's resolution in a later task; isReady() turns true with it.
    expect(bob.chat.isReady()).toBe(false);
    await bob.waitFor(EVENT.SDK_READY);
    expect(bob.chat.isReady()).toBe(true);
    expect(bob.chat.getLoginUser()).toBe(b);
    const first = await bob.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED);
    expect(first.map((c) => c.conversationID)).toEqual([`C2C${a}`]);
    expect(listAtReady.map((c) => c.conversationID)).toEqual([`C2C${a}`]);
    expect(await bob.waitFor<number>(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED)).toBe(1);
    // History from before login is the application's to load, not MESSAGE_RECEIVED.
    expect(bob.received()).toEqual([]);

    const again = await bob.chat.login({ userID: b, userSig: sig });
    expect(again.data).toMatchObject({ repeatLogin: true, actionStatus: 'OK', errorCode: 0 });

    await expect(bob.chat.logout()).resolves.toEqual({ code: 0, data: {} });
    await bob.waitFor(EVENT.SDK_NOT_READY);
    expect(bob.chat.isReady()).toBe(false);
    await expect(bob.chat.getConversationList()).rejects.toMatchObject({ code: 3005 });
    // Logged out means no push: a message sent now is not delivered to this instance.
    const later = await sendText(amy, b, 'after logout');
    const bob2 = await loggedIn(server, b);
    const listed = await bob2.chat.getMessageList({ conversationID: `C2C${a}` });
    expect(listed.data.messageList.map((m) => m.ID)).toContain(later.ID);
    expect(bob.received()).toEqual([]);
  });

  it('SDK31 a failed login (forged userSig) rejects with the server code and leaves the SDK not ready', async () => {
    const [a = ''] = await makeUsers(server, 'amy');
    const client = newClient(server);
    await expect(client.chat.login({ userID: a, userSig: 'p1.forged.sig' })).rejects.toMatchObject({ code: 70009 });
    await expect(client.chat.getConversationList()).rejects.toMatchObject({ code: 3001 });
    const other = await server.userSig(a);
    await expect(client.chat.login({ userID: 'someone-else', userSig: other })).rejects.toMatchObject({ code: 70013 });
    expect(client.events.map((e) => e.name)).not.toContain(EVENT.SDK_READY);
  });

  it('SDK32 destroy releases the singleton and closes the push connection', async () => {
    const [a = ''] = await makeUsers(server, 'amy');
    const amy = await loggedIn(server, a);
    const sockets = server.app.websocketServer.clients.size;
    const gone = new Promise<void>((resolve) => {
      for (const socket of server.app.websocketServer.clients) socket.once('close', () => resolve());
    });
    await expect(amy.chat.destroy()).resolves.toEqual({ code: 0, data: {} });
    await gone;
    expect(server.app.websocketServer.clients.size).toBeLessThan(sockets);
    const SDKAppID = 49_999;
    const first = TencentCloudChat.create({ SDKAppID, serverURL: server.url, WebSocket });
    expect(TencentCloudChat.create({ SDKAppID })).toBe(first);
    await first.destroy();
    const second = TencentCloudChat.create({ SDKAppID, serverURL: server.url, WebSocket });
    expect(second).not.toBe(first);
    await second.destroy();
  });

  it('SDK33 profiles: getMyProfile, getUserProfile, updateMyProfile; PROFILE_UPDATED reaches the other tab once', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = await loggedIn(server, a);
    const amy2 = await loggedIn(server, a);
    expect((await amy.chat.getMyProfile()).data).toMatchObject({ userID: a, nick: `${a}-nick` });
    const others = await amy.chat.getUserProfile({ userIDList: [b, 'nobody'] });
    expect(others.data.map((p) => p.userID)).toEqual([b]);

    const updated = await amy.chat.updateMyProfile({ nick: '艾米', selfSignature: 'hi' });
    expect(updated.data).toMatchObject({ nick: '艾米', selfSignature: 'hi' });
    const [pushed] = await amy2.waitFor<Profile[]>(EVENT.PROFILE_UPDATED);
    expect(pushed).toEqual(updated.data);
    expect((await amy2.chat.getMyProfile()).data.nick).toBe('艾米');

    // The updating tab got its event from updateMyProfile and does not get the push as a second one; a message
    // created now carries the new nick.
    const message = amy.chat.createTextMessage({ to: b, conversationType: TYPES.CONV_C2C, payload: { text: 'x' } });
    expect(message.nick).toBe('艾米');
    await amy.chat.sendMessage(message);
    await amy2.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (l) => l.some((m) => m.ID === message.ID));
    expect(amy.events.filter((e) => e.name === EVENT.PROFILE_UPDATED)).toHaveLength(1);
  });

  it('SDK34 callExperimentalAPI, registerPlugin, setLogLevel and getServerTime work once ready', async () => {
    const [a = ''] = await makeUsers(server, 'amy');
    const amy = await loggedIn(server, a);
    expect(() => amy.chat.registerPlugin({ 'tim-upload-plugin': {} })).not.toThrow();
    expect(() => amy.chat.setLogLevel(4)).not.toThrow();
    const ability = await amy.chat.callExperimentalAPI('isCommercialAbilityEnabled', 2 ** 5);
    expect(ability).toMatchObject({ code: 0, data: { enabled: expect.any(Boolean) } });
    expect(Math.abs(amy.chat.getServerTime() - Date.now())).toBeLessThan(5_000);
    expect(typeof TencentCloudChat.VERSION).toBe('string');
  });
});
