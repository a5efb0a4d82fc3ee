import { afterEach, describe, expect, it } from 'vitest';
import TencentCloudChat from '../src/index.ts';
import { GOOD_SIG, PROFILE } from './fake-fetch.ts';
import { FakeSocket } from './fake-socket.ts';
import { destroyInstances, loginReady, newChat, nextEvent, recordEvents } from './helpers.ts';

const { EVENT } = TencentCloudChat;
const LIFECYCLE = [EVENT.SDK_READY, EVENT.SDK_NOT_READY, EVENT.KICKED_OUT];
const ZW = { userID: 'zhangwei', userSig: GOOD_SIG };
/** Two users on one fake server: the profile route answers for whichever userSig asks. */
const twoUsers = () =>
  newChat({
    'GET /api/v1/profile': (req) => ({
      status: 200,
      body: { ...PROFILE, userID: req.authorization === 'Bearer sig-lina' ? 'lina' : 'zhangwei' },
    }),
    'GET /api/v1/groups': () => ({ status: 200, body: { groupList: [], isSyncCompleted: true } }),
    'GET /api/v1/conversations': () => ({
      status: 200,
      body: { conversationList: [], syncVersion: 0, isSyncCompleted: true },
    }),
  });
/** Resolves after every task queued so far has run (a later task than anything the SDK queued before it). */
const laterTask = () => new Promise((resolve) => setTimeout(resolve, 5));

afterEach(destroyInstances);

describe('event order around login (decision 0014)', () => {
  it('CMP1 login resolves first; a handler registered inside its then still gets SDK_READY, in a later task', async () => {
    const { chat } = newChat();
    const order: string[] = [];
    const seen = new Promise<void>((resolve) => {
      void chat.login(ZW).then(() => {
        order.push(`resolved ready=${chat.isReady()}`);
        chat.on(EVENT.SDK_READY, () => {
          order.push(`SDK_READY ready=${chat.isReady()}`);
          resolve();
        });
      });
    });
    await seen;
    expect(order).toEqual(['resolved ready=false', 'SDK_READY ready=true']);
    // Before SDK_READY the SDK was not ready; after it, authenticated calls work.
    await expect(chat.getMyProfile()).resolves.toMatchObject({ code: 0 });
  });

  it('CMP1 `await login()` then waiting for SDK_READY works, and it is emitted once', async () => {
    const { chat } = newChat();
    const events = recordEvents(chat, LIFECYCLE);
    await chat.login(ZW);
    await expect(chat.getConversationList()).rejects.toMatchObject({ code: 2999 });
    await nextEvent(chat, EVENT.SDK_READY);
    await laterTask();
    expect(events.map((e) => e.name)).toEqual([EVENT.SDK_READY]);
  });

  it('CMP1 a logout between login and SDK_READY cancels it; SDK_NOT_READY follows the logout', async () => {
    const { chat } = newChat();
    const events = recordEvents(chat, LIFECYCLE);
    await chat.login(ZW);
    await chat.logout();
    await laterTask();
    expect(events.map((e) => e.name)).toEqual([EVENT.SDK_NOT_READY]);
    expect(chat.isReady()).toBe(false);
    await expect(chat.getConversationList()).rejects.toMatchObject({ code: 3005 });
  });

  it('CMP1 a second login (another user) before SDK_READY cancels the first: one SDK_READY, for the second', async () => {
    const { chat } = twoUsers();
    const readyFor: string[] = [];
    chat.on(EVENT.SDK_READY, () => readyFor.push(chat.getLoginUser()));
    const events = recordEvents(chat, LIFECYCLE);
    await chat.login(ZW);
    await chat.login({ userID: 'lina', userSig: 'sig-lina' });
    await nextEvent(chat, EVENT.SDK_READY);
    await laterTask();
    expect(readyFor).toEqual(['lina']);
    // The first session was told it was logged in, so its end is announced, before the second's SDK_READY.
    expect(events.map((e) => e.name)).toEqual([EVENT.SDK_NOT_READY, EVENT.SDK_READY]);
  });

  it('CMP1 the same login repeated before SDK_READY is a repeatLogin and does not start another session', async () => {
    const { chat, server } = newChat();
    const events = recordEvents(chat, LIFECYCLE);
    await chat.login(ZW);
    const requests = server.requests.length;
    await expect(chat.login(ZW)).resolves.toMatchObject({ data: { repeatLogin: true } });
    expect(server.requests).toHaveLength(requests);
    await nextEvent(chat, EVENT.SDK_READY);
    await laterTask();
    expect(events.map((e) => e.name)).toEqual([EVENT.SDK_READY]);
  });

  it('CMP2 logout resolves first; a handler registered inside its then gets SDK_NOT_READY', async () => {
    const { chat } = newChat();
    await loginReady(chat, ZW);
    const order: string[] = [];
    await new Promise<void>((resolve) => {
      void chat.logout().then(() => {
        order.push(`resolved ready=${chat.isReady()}`);
        chat.on(EVENT.SDK_NOT_READY, () => {
          order.push('SDK_NOT_READY');
          resolve();
        });
      });
    });
    expect(order).toEqual(['resolved ready=false', 'SDK_NOT_READY']);
  });

  it('CMP3 logging in again from the KICKED_OUT handler starts a new session: KICKED_OUT, SDK_NOT_READY, SDK_READY', async () => {
    const { chat } = newChat();
    await loginReady(chat, ZW);
    const events = recordEvents(chat, LIFECYCLE);
    let relogin: Promise<unknown> | undefined;
    chat.on(EVENT.KICKED_OUT, () => {
      expect(chat.isReady()).toBe(false);
      relogin = chat.login(ZW);
    });
    const kicked = nextEvent(chat, EVENT.KICKED_OUT);
    const socket = FakeSocket.last;
    socket.frame({ type: 'kicked', reason: 'userSigExpired' });
    socket.drop(4001);
    await kicked;
    await expect(relogin).resolves.toMatchObject({ data: { repeatLogin: false } });
    await nextEvent(chat, EVENT.SDK_READY);
    expect(events.map((e) => e.name)).toEqual([EVENT.KICKED_OUT, EVENT.SDK_NOT_READY, EVENT.SDK_READY]);
    expect(chat.isReady()).toBe(true);
    await expect(chat.getMyProfile()).resolves.toMatchObject({ code: 0 });
  });

  it('CMP4 destroy announces SDK_NOT_READY at once and nothing after it', async () => {
    const { chat } = newChat();
    const events = recordEvents(chat, LIFECYCLE);
    await chat.login(ZW);
    await chat.destroy();
    await laterTask();
    // The pending SDK_READY never arrives; the session's end is announced while the listeners still exist.
    expect(events.map((e) => e.name)).toEqual([EVENT.SDK_NOT_READY]);
  });
});
