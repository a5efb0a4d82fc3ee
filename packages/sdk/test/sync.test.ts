import type { WireConversation, WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import TencentCloudChat, { type Message } from '../src/index.ts';
import { GOOD_SIG } from './fake-fetch.ts';
import { FakeSocket, wire } from './fake-socket.ts';
import { destroyInstances, loginReady, newChat, nextEvent, recordEvents, until } from './helpers.ts';

const { EVENT } = TencentCloudChat;

afterEach(destroyInstances);

/** A fake server holding one conversation with lina: its history answers catch-up requests. */
function withHistory(history: WireMessage[], conversations: Partial<WireConversation>[] = []) {
  const rows = () => ({
    conversationList: conversations.map((c) => ({
      conversationID: 'C2Clina',
      type: 'C2C',
      lastMessage: null,
      unreadCount: 0,
      readSequence: 0,
      peerReadSequence: 0,
      lastSequence: history.length,
      clearedSequence: 0,
      isPinned: false,
      pinnedAt: 0,
      messageRemindType: 'AcceptAndNotify',
      hidden: false,
      syncVersion: 1,
      ...c,
    })),
    syncVersion: 1,
    isSyncCompleted: true,
  });
  return newChat({
    'GET /api/v1/conversations': () => ({ status: 200, body: rows() }),
    'GET /api/v1/conversations/C2Clina/messages': (req) => {
      const after = Number(req.query.get('afterSeq'));
      const page = history.filter((m) => m.sequence > after).slice(0, Number(req.query.get('count') ?? 100));
      return { status: 200, body: { messageList: page, nextReqMessageID: '', isCompleted: true } };
    },
  });
}

const fromLina = (sequence: number) => wire({ from: 'lina', to: 'zhangwei', sequence });
const delivered = (events: { data: unknown }[]) => events.flatMap((e) => (e.data as Message[]).map((m) => m.sequence));

describe('sync: gaps, duplicates and reconnects', () => {
  it('SYNC2 SDK50 a pushed sequence above a hole is held, the hole fetched (afterSeq) and all delivered in order', async () => {
    const history = [1, 2, 3, 4].map(fromLina);
    const { chat, server } = withHistory(history, [{ lastSequence: 1 }]);
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const events = recordEvents(chat, [EVENT.MESSAGE_RECEIVED]);
    FakeSocket.last.message(history[3] as WireMessage);
    expect(events).toEqual([]);
    await nextEvent(chat, EVENT.MESSAGE_RECEIVED);
    expect(delivered(events)).toEqual([2, 3, 4]);
    const fetches = server.requests.filter((r) => r.path.endsWith('/messages'));
    expect(fetches.map((r) => r.query.get('afterSeq'))).toEqual(['1']);
  });

  it('SDK51 a push that fills the hole in time makes the fetch unnecessary', async () => {
    const history = [1, 2, 3].map(fromLina);
    const { chat, server } = withHistory(history, [{ lastSequence: 1 }]);
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const events = recordEvents(chat, [EVENT.MESSAGE_RECEIVED]);
    FakeSocket.last.message(history[2] as WireMessage);
    FakeSocket.last.message(history[1] as WireMessage);
    await nextEvent(chat, EVENT.MESSAGE_RECEIVED);
    expect(delivered(events)).toEqual([2, 3]);
    expect(server.requests.filter((r) => r.path.endsWith('/messages'))).toEqual([]);
  });

  it('SDK52 dedupe: the same push twice, or a catch-up repeating a push, is delivered once', async () => {
    const history = [1, 2].map(fromLina);
    const { chat } = withHistory(history, [{ lastSequence: 0 }]);
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const events = recordEvents(chat, [EVENT.MESSAGE_RECEIVED]);
    const socket = FakeSocket.last;
    socket.message(history[0] as WireMessage);
    socket.message(history[0] as WireMessage);
    socket.message(history[1] as WireMessage);
    await nextEvent(chat, EVENT.MESSAGE_RECEIVED, (list: Message[]) => list.some((m) => m.sequence === 2));
    // A reconnect syncs again; what it fetches was delivered already.
    socket.drop();
    await nextEvent(chat, EVENT.NET_STATE_CHANGE, (d: { state: string }) => d.state === 'connected');
    socket.message(history[1] as WireMessage);
    expect(delivered(events)).toEqual([1, 2]);
  });

  it('SDK53 my own message pushed back to this tab is not delivered; from another tab it is', async () => {
    let seq = 0;
    const { chat } = newChat({
      'POST /api/v1/messages': (req) => {
        const body = req.body as { ID: string; to: string };
        seq += 1;
        return { status: 200, body: { message: wire({ ID: body.ID, from: 'zhangwei', to: body.to, sequence: seq }) } };
      },
    });
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const events = recordEvents(chat, [EVENT.MESSAGE_RECEIVED]);
    const message = chat.createTextMessage({ to: 'lina', conversationType: 'C2C', payload: { text: 'hi' } });
    await chat.sendMessage(message);
    FakeSocket.last.message(wire({ ID: message.ID, from: 'zhangwei', to: 'lina', sequence: 1 }));
    seq += 1;
    FakeSocket.last.message(wire({ ID: 'other-tab', from: 'zhangwei', to: 'lina', sequence: 2 }));
    const [echo] = await nextEvent<Message[]>(chat, EVENT.MESSAGE_RECEIVED);
    expect(echo).toMatchObject({ ID: 'other-tab', flow: 'out', conversationID: 'C2Clina' });
    expect(events).toHaveLength(1);
  });

  it('SYNC1 SDK54 a reconnect fetches conversations since the cursor, then the messages missed', async () => {
    const history = [1, 2, 3].map(fromLina);
    const { chat, server } = withHistory(history, [{}]);
    history.length = 1; // at login the conversation ends at 1 …
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    history.push(fromLina(2), fromLina(3)); // … and grows while the connection is down
    const events = recordEvents(chat, [EVENT.MESSAGE_RECEIVED]);
    FakeSocket.last.drop();
    await nextEvent(chat, EVENT.MESSAGE_RECEIVED);
    expect(delivered(events)).toEqual([2, 3]);
    const syncs = server.requests.filter((r) => r.path === '/api/v1/conversations').map((r) => r.query.get('since'));
    expect(syncs.at(-1)).toBe('1');
  });

  it('SDK55 a conversation.changed notice newer than the cursor triggers a sync; an old one does not', async () => {
    const { chat, server } = withHistory([], []);
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const syncs = () => server.requests.filter((r) => r.path === '/api/v1/conversations').length;
    const before = syncs();
    FakeSocket.last.event({ type: 'conversation.changed', conversationID: 'C2Clina', syncVersion: 1 });
    FakeSocket.last.event({ type: 'conversation.changed', conversationID: 'C2Clina', syncVersion: 2 });
    await until(() => syncs() > before);
    expect(syncs()).toBe(before + 1);
    expect(server.requests.at(-1)?.query.get('since')).toBe('1');
  });
});

describe('push connection', () => {
  it('SDK56 answers server pings, and a kicked frame ends the session with KICKED_OUT', async () => {
    const { chat } = newChat();
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const socket = FakeSocket.last;
    socket.frame({ type: 'ping' });
    expect(socket.sent).toContain('{"type":"pong"}');
    const events = recordEvents(chat, [EVENT.KICKED_OUT, EVENT.SDK_NOT_READY]);
    socket.frame({ type: 'kicked', reason: 'userSigExpired' });
    socket.drop(4001);
    // KICKED_OUT at once; SDK_NOT_READY in a later task (CMP3).
    await nextEvent(chat, EVENT.SDK_NOT_READY);
    expect(events).toEqual([
      { name: EVENT.KICKED_OUT, data: { type: 'userSigExpired' } },
      { name: EVENT.SDK_NOT_READY, data: undefined },
    ]);
    await expect(chat.getConversationList()).rejects.toMatchObject({ code: 3004 });
    expect(FakeSocket.all).toHaveLength(1); // no reconnect after a kick
  });

  it('SDK57 a close with 4001 alone also means the session ended', async () => {
    const { chat } = newChat();
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const kicked = nextEvent(chat, EVENT.KICKED_OUT);
    FakeSocket.last.drop(4001);
    await expect(kicked).resolves.toEqual({ type: 'userSigExpired' });
  });

  it('SDK58 a failed reconnect whose userSig has expired kicks (70001) instead of retrying forever', async () => {
    let expired = false;
    const { chat } = newChat({
      'GET /api/v1/profile': () =>
        expired
          ? { status: 401, body: { code: 70001, message: 'expired' } }
          : { status: 200, body: { userID: 'zhangwei', nick: '张伟', avatar: '' } },
    });
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    expired = true;
    FakeSocket.autoHello = false; // the server refuses the upgrade: the socket closes before hello
    const kicked = nextEvent(chat, EVENT.KICKED_OUT);
    FakeSocket.last.drop();
    await until(() => FakeSocket.all.length > 1);
    FakeSocket.last.drop();
    await expect(kicked).resolves.toEqual({ type: 'userSigExpired' });
  });

  it('SDK59 online-only pushes are delivered flagged and change no conversation', async () => {
    const { chat } = newChat();
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const received = nextEvent<Message[]>(chat, EVENT.MESSAGE_RECEIVED);
    FakeSocket.last.event({
      type: 'message.online',
      message: wire({
        from: 'lina',
        to: 'zhangwei',
        sequence: 0,
        onlineOnly: true,
        type: 'TIMCustomElem',
        payload: { data: 'typing' },
      }),
    });
    const [typing] = await received;
    expect(typing).toMatchObject({ _onlineOnlyFlag: true, payload: { data: 'typing' }, flow: 'in' });
    expect((await chat.getConversationList()).data.conversationList).toEqual([]);
    expect(chat.findMessage(typing?.ID ?? '')).toBeNull();
  });
});
