import TencentCloudChat, { type ChatSDK, isNotYet } from '@parley/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeUsers, startServer, type TestServer } from '../sdk/support/server.ts';
import { ABILITY_CALLS, FrameworkStore, type RefChat, type RefMessage } from './support/framework-store.ts';

const { EVENT, TYPES } = TencentCloudChat;
const REF = { EVENT, TYPES } as unknown as ConstructorParameters<typeof FrameworkStore>[1];

/** Waits for a condition the store reaches through SDK events (never a fixed sleep). */
async function until(what: string, condition: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const texts = (store: FrameworkStore) =>
  store.messages.filter((m) => m.type === TYPES.MSG_TEXT).map((m) => String(m.payload.text));

/**
 * Decision 0014: third-party code on Parley. One server, two users, each with the store of a UI framework written
 * from the reference alone; each step of a chat session is a test, in order (SQLite: the server's storage is
 * covered on both databases by its own suites, this suite is about the SDK's behaviour towards such code).
 */
describe('a framework-style store on Parley, two users', () => {
  let server: TestServer;
  let a = '';
  let b = '';
  const chats: ChatSDK[] = [];
  let alice: FrameworkStore;
  let bob: FrameworkStore;

  const storeFor = (SDKAppID: number) => {
    // serverURL and WebSocket are what Node needs outside a page (decision 0014); nothing else is Parley's.
    const chat = TencentCloudChat.create({ SDKAppID, serverURL: server.url, WebSocket });
    chat.setLogLevel(4);
    chats.push(chat);
    return new FrameworkStore(chat as unknown as RefChat, REF);
  };

  beforeAll(async () => {
    server = await startServer('sqlite');
    [a = '', b = ''] = await makeUsers(server, 'alice', 'bob');
    alice = storeFor(1_400_100_001);
    bob = storeFor(1_400_100_002);
  });

  afterAll(async () => {
    await Promise.all(chats.map((chat) => chat.destroy()));
    await server?.close();
  });

  it('CMP13 login: the store awaits readiness inside the login promise, then loads; both users are ready', async () => {
    await alice.login(a, await server.userSig(a));
    await bob.login(b, await server.userSig(b));
    expect([alice.ready, bob.ready]).toEqual([true, true]);
  });

  it('CMP13 profile: the store shows its own nick', () => {
    expect(alice.nick).toBe(`${a}-nick`);
    expect(bob.nick).toBe(`${b}-nick`);
  });

  it('CMP13 conversation list: twenty messages from alice make one conversation with twenty unread for bob', async () => {
    for (let i = 1; i <= 20; i += 1) await alice.sendText(b, `m${i}`);
    await until('bob lists C2C alice with 20 unread', () =>
      bob.conversations.some((c) => c.conversationID === `C2C${a}` && c.unreadCount === 20),
    );
    expect(bob.unreadTotal()).toBe(20);
  });

  it('CMP13 open with paging: fifteen newest first, then the rest, oldest first, until isCompleted', async () => {
    await bob.open(`C2C${a}`);
    expect(texts(bob)).toEqual(Array.from({ length: 15 }, (_, i) => `m${i + 6}`));
    expect(bob.isCompleted).toBe(false);
    await bob.loadMore();
    expect(texts(bob)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 1}`));
    expect(bob.isCompleted).toBe(true);
  });

  it('CMP13 text: what alice sends appears in bob’s open conversation, once', async () => {
    const sent = await alice.sendText(b, 'live one');
    await until('bob receives the live text', () => bob.messages.some((m) => m.ID === sent.ID));
    expect(bob.messages.filter((m) => m.ID === sent.ID)).toHaveLength(1);
    expect(bob.messages.at(-1)).toMatchObject({ ID: sent.ID, flow: 'in', from: a, payload: { text: 'live one' } });
  });

  it('CMP13 custom: messages of any shape reach the store without a handler throwing; an invitation is recognised', async () => {
    const invitation = JSON.stringify({
      businessID: 1,
      inviteID: 'inv-1',
      inviter: a,
      actionType: 1,
      inviteeList: [b],
    });
    const shapes = [
      { data: 'not json at all' },
      { data: '[1,2,3]' },
      { data: 'null' },
      { data: '{"businessID":"order","orderID":7}' },
      { description: 'only a description' },
      { extension: '{"x":' },
      { data: invitation },
    ];
    const sent: RefMessage[] = [];
    for (const payload of shapes) sent.push(await alice.sendCustom(b, payload));
    await until('bob receives the invitation', () => bob.signaling.length === 1);
    await until('bob receives every other custom message', () =>
      sent.slice(0, -1).every((s) => bob.messages.some((m) => m.ID === s.ID)),
    );
    expect(bob.handlerErrors).toEqual([]);
    expect(bob.signaling).toEqual([expect.objectContaining({ inviteID: 'inv-1', inviter: a, actionType: 1 })]);
  });

  it('CMP13 read: bob reads, his unread count drops to zero and alice learns it', async () => {
    await alice.open(`C2C${b}`);
    await bob.markRead();
    await until('bob unread is 0', () => bob.unreadTotal() === 0);
    await until('alice sees her messages read', () => alice.readByPeer.length > 0);
  });

  it('CMP13 typing: an online-only notice shows bob typing to alice, is not stored and counts nothing', async () => {
    await bob.sendTyping(a);
    await until('alice sees bob typing', () => alice.typing.has(b));
    await alice.open(`C2C${b}`);
    expect(alice.messages.some((m) => m.type === TYPES.MSG_CUSTOM)).toBe(false);
    expect(alice.unreadTotal()).toBe(0);
  });

  it('CMP13 abilities: every ability answers; for each one enabled, every call its feature makes is built', async () => {
    await alice.checkAbilities();
    expect(Object.keys(alice.abilities).sort()).toEqual(Object.keys(ABILITY_CALLS).sort());
    const chat = chats[0] as ChatSDK;
    for (const [name, { calls }] of Object.entries(ABILITY_CALLS)) {
      for (const call of calls) {
        expect(typeof (chat as unknown as Record<string, unknown>)[call], call).toBe('function');
        if (alice.abilities[name])
          expect(isNotYet(chat, call), `${name} is enabled but ${call} is not built`).toBe(false);
      }
    }
    // A disabled feature's methods still exist: a kit that calls one anyway gets a rejection, not a TypeError.
    const missing = Object.values(ABILITY_CALLS)
      .flatMap((x) => x.calls)
      .filter((call) => isNotYet(chat, call));
    for (const call of missing) {
      await expect((chat as unknown as Record<string, () => Promise<unknown>>)[call]?.()).rejects.toMatchObject({
        code: 2998,
      });
    }
    expect(chat.callExperimentalAPI('canIUseModule', 'group-module')).toBe(true);
  });

  it('CMP13 logout and login again: SDK_NOT_READY resets the store; the new session lists the conversation', async () => {
    await bob.logout();
    await until('bob store reset', () => !bob.ready && bob.conversations.length === 0);
    await bob.login(b, await server.userSig(b));
    expect(bob.ready).toBe(true);
    expect(bob.conversations.map((c) => c.conversationID)).toContain(`C2C${a}`);
    const sent = await alice.sendText(b, 'after re-login');
    await bob.open(`C2C${a}`);
    expect(bob.messages.at(-1)?.ID).toBe(sent.ID);
  });
});
