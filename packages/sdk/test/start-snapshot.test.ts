import type { ConversationList, WireConversation, WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TencentCloudChat, { type ChatSDK, type FetchLike, type Message } from '../src/index.ts';
import { fakeFetch, GOOD_SIG, PROFILE } from './fake-fetch.ts';
import { FakeSocket, wire } from './fake-socket.ts';
import { FAST, loginReady, nextEvent, recordEvents, until } from './helpers.ts';

const { EVENT, TYPES } = TencentCloudChat;

const opened: ChatSDK[] = [];
let nextAppID = 9100;

afterEach(async () => {
  await Promise.all(opened.splice(0).map((chat) => chat.destroy()));
  FakeSocket.autoHello = true;
  FakeSocket.reset();
});

function row(fields: Partial<WireConversation> = {}): WireConversation {
  return {
    conversationID: 'C2Clina',
    type: 'C2C',
    lastMessage: null,
    unreadCount: 0,
    readSequence: 0,
    peerReadSequence: 0,
    lastSequence: 1,
    clearedSequence: 0,
    isPinned: false,
    pinnedAt: 0,
    messageRemindType: 'AcceptAndNotify',
    hidden: false,
    syncVersion: 5,
    ...fields,
  } as WireConversation;
}

const SNAPSHOT: ConversationList = { conversationList: [row()], syncVersion: 5, isSyncCompleted: true };

/**
 * An SDK whose every request waits at a gate until the test opens it: whatever login awaits on the network
 * cannot finish while the gate is shut.
 */
function gatedChat(overrides: Parameters<typeof fakeFetch>[0] = {}) {
  const server = fakeFetch(overrides);
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const started: string[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(String(input));
    started.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    await gate;
    return server.fetch(input, init);
  };
  const chat = TencentCloudChat.create({
    SDKAppID: nextAppID++,
    serverURL: 'http://parley.test',
    fetch,
    WebSocket: FakeSocket,
    timing: FAST,
  });
  chat.setLogLevel(4);
  opened.push(chat);
  return { chat, server, started, open };
}

const ids = (events: { data: unknown }[]) => events.flatMap((e) => (e.data as Message[]).map((m) => m.ID));

describe('start snapshot (Parley extension of login)', () => {
  it('SDK9 with a snapshot, login resolves and SDK_READY fires while the userSig check and the socket still wait', async () => {
    FakeSocket.autoHello = false;
    const { chat, started, open } = gatedChat();
    const events = recordEvents(chat, [EVENT.SDK_READY, EVENT.CONVERSATION_LIST_UPDATED, EVENT.NET_STATE_CHANGE]);
    const snapshot = {
      conversations: SNAPSHOT,
      profile: { ...PROFILE, profileCustomField: [], nick: 'from the page' },
    };
    const ready = nextEvent(chat, EVENT.SDK_READY);
    await expect(chat.login({ userID: 'zhangwei', userSig: GOOD_SIG, snapshot })).resolves.toEqual({
      code: 0,
      data: { repeatLogin: false },
    });
    await ready;
    expect(events.map((e) => e.name)).toEqual([EVENT.SDK_READY]);
    expect(chat.isReady()).toBe(true);
    // The check was sent, not answered; the list was never asked for: it came from the snapshot.
    expect(started).toEqual(['GET /api/v1/profile']);
    const list = await chat.getConversationList();
    expect(list.data.conversationList.map((c) => c.conversationID)).toEqual(['C2Clina']);
    expect((await chat.getMyProfile()).data.nick).toBe('from the page');
    await nextEvent(chat, EVENT.CONVERSATION_LIST_UPDATED);

    // Then, in the background: the check answers (its profile replaces the page's) and the socket's hello asks
    // for what changed since the snapshot's cursor.
    open();
    FakeSocket.last.hello();
    // The first connection is reported once it is made, as in an ordinary login: connecting then connected.
    await until(() => events.some((e) => e.name === EVENT.NET_STATE_CHANGE));
    expect(events.filter((e) => e.name !== EVENT.CONVERSATION_LIST_UPDATED)).toEqual([
      { name: EVENT.SDK_READY, data: undefined },
      { name: EVENT.NET_STATE_CHANGE, data: { state: 'connecting' } },
      { name: EVENT.NET_STATE_CHANGE, data: { state: 'connected' } },
    ]);
    await until(() => started.includes('GET /api/v1/conversations?since=5'));
    await vi.waitFor(async () => expect((await chat.getMyProfile()).data.nick).toBe(PROFILE.nick), { timeout: 20_000 });
    expect(started).not.toContain('GET /api/v1/conversations?since=0');
  });

  it("SDK9 a message stored between the snapshot and the hello arrives once, by the hello's catch-up", async () => {
    FakeSocket.autoHello = false;
    const lost = wire({ from: 'lina', to: 'zhangwei', sequence: 2 });
    const history: WireMessage[] = [wire({ from: 'lina', to: 'zhangwei', sequence: 1 }), lost];
    const { chat, started, open } = gatedChat({
      // Since the snapshot (cursor 5) the conversation moved on to sequence 2.
      'GET /api/v1/conversations': () => ({
        status: 200,
        body: { conversationList: [row({ lastSequence: 2, syncVersion: 6 })], syncVersion: 6, isSyncCompleted: true },
      }),
      'GET /api/v1/conversations/C2Clina/messages': (req) => {
        const after = Number(req.query.get('afterSeq'));
        const page = history.filter((m) => m.sequence > after);
        return { status: 200, body: { messageList: page, nextReqMessageID: '', isCompleted: true } };
      },
    });
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG, snapshot: { conversations: SNAPSHOT } });
    const received = recordEvents(chat, [EVENT.MESSAGE_RECEIVED]);
    open();
    FakeSocket.last.hello();
    // No push of it ever came: the hello's sync since the snapshot's cursor finds it.
    await until(() => ids(received).includes(lost.ID));
    expect(started).toContain('GET /api/v1/conversations?since=5');
    expect(started.filter((s) => s.includes('/messages?afterSeq=1'))).toHaveLength(1);
    // Its push arriving late is a repeat; a later message proves the queue has passed it.
    FakeSocket.last.message(lost);
    const later = wire({ from: 'lina', to: 'zhangwei', sequence: 3 });
    history.push(later);
    FakeSocket.last.message(later);
    await until(() => ids(received).includes(later.ID));
    expect(ids(received)).toEqual([lost.ID, later.ID]);
  });

  it('SDK9 the background check finding the session ended kicks as any later request would', async () => {
    const { chat, open } = gatedChat({
      'GET /api/v1/profile': () => ({ status: 401, body: { code: 70001, message: 'userSig expired' } }),
    });
    const events = recordEvents(chat, [EVENT.SDK_READY, EVENT.KICKED_OUT, EVENT.SDK_NOT_READY]);
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG, snapshot: { conversations: SNAPSHOT } });
    open();
    await until(() => events.length === 3);
    expect(events).toEqual([
      { name: EVENT.SDK_READY, data: undefined },
      { name: EVENT.KICKED_OUT, data: { type: TYPES.KICKED_OUT_USERSIG_EXPIRED } },
      { name: EVENT.SDK_NOT_READY, data: undefined },
    ]);
    expect(chat.isReady()).toBe(false);
  });

  it('SDK9 a userSig of another user found by the background check also ends the session', async () => {
    const { chat, open } = gatedChat({
      'GET /api/v1/profile': () => ({ status: 200, body: { ...PROFILE, userID: 'someone-else' } }),
    });
    const kicked = recordEvents(chat, [EVENT.KICKED_OUT]);
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG, snapshot: { conversations: SNAPSHOT } });
    open();
    await until(() => !chat.isReady());
    expect(kicked).toEqual([{ name: EVENT.KICKED_OUT, data: { type: TYPES.KICKED_OUT_USERSIG_EXPIRED } }]);
  });

  it('SDK9 a malformed snapshot, or one for another user, is ignored: login takes the ordinary path', async () => {
    const bad = [
      { conversations: { conversationList: 'nope', syncVersion: 1 } },
      { conversations: SNAPSHOT, profile: { ...PROFILE, userID: 'someone-else' } },
    ];
    for (const snapshot of bad) {
      const { chat, started, open } = gatedChat();
      open();
      const login = chat.login({ userID: 'zhangwei', userSig: GOOD_SIG, snapshot: snapshot as never });
      await login;
      expect(started).toContain('GET /api/v1/conversations?since=0');
      await chat.destroy();
    }
  });

  it('SDK9 without a snapshot nothing changes: SDK_READY waits for the check and the first list page', async () => {
    const { chat, started, open } = gatedChat();
    const ready = recordEvents(chat, [EVENT.SDK_READY]);
    const login = chat.login({ userID: 'zhangwei', userSig: GOOD_SIG });
    await until(() => started.includes('GET /api/v1/conversations?since=0'));
    expect(ready).toEqual([]);
    open();
    await login;
    await until(() => ready.length === 1);
  });
});
