import TencentCloudChat, { type Message } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { loggedIn, networkGate, newClient, sendText, texts } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;
const netState = (state: string) => (data: { state: string }) => data.state === state;

describe.each(BACKENDS)('SDK reliability against the real server [%s]', (backend) => {
  const server = useServer(backend);

  it('SYNC1 SYNC2 SDK20 after a cut, the SDK catches up by itself: what it missed arrives once, in order', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const gate = networkGate();
    const amy = await loggedIn(server, a);
    const bob = await loggedIn(server, b, { fetch: gate.fetch, WebSocket: gate.WebSocket });
    await sendText(amy, b, 'before');
    await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (l) => texts(l).includes('before'));

    const cut = bob.mark();
    gate.offline = true;
    expect(server.dropConnections()).toBeGreaterThanOrEqual(2);
    await bob.waitFor(EVENT.NET_STATE_CHANGE, netState(TYPES.NET_STATE_DISCONNECTED), { from: cut });
    const missed: Message[] = [];
    for (let i = 0; i < 25; i += 1) missed.push(await sendText(amy, b, `missed ${i}`));
    await bob.waitFor(EVENT.NET_STATE_CHANGE, netState(TYPES.NET_STATE_CONNECTING), { from: cut });

    gate.offline = false;
    await bob.waitFor(EVENT.NET_STATE_CHANGE, netState(TYPES.NET_STATE_CONNECTED), { from: cut });
    const lastID = missed.at(-1)?.ID;
    await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (l) => l.some((m) => m.ID === lastID), { from: cut });
    await bob.waitFor<number>(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (n) => n === 26);

    const after = await sendText(amy, b, 'after');
    await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (l) => l.some((m) => m.ID === after.ID));
    const got = bob.received();
    expect(texts(got)).toEqual(['before', ...missed.map((m) => String(m.payload.text)), 'after']);
    expect(got.map((m) => m.sequence)).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
    expect(new Set(got.map((m) => m.ID)).size).toBe(got.length);
  });

  it('SDK21 a message sent while disconnected stays unSend, then is delivered once with its original ID', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const gate = networkGate();
    const amy = await loggedIn(server, a, { fetch: gate.fetch, WebSocket: gate.WebSocket });
    const bob = await loggedIn(server, b);
    const cut = amy.mark();
    gate.offline = true;
    server.dropConnections();
    await amy.waitFor(EVENT.NET_STATE_CHANGE, netState(TYPES.NET_STATE_DISCONNECTED), { from: cut });

    const message = amy.chat.createTextMessage({
      to: b,
      conversationType: TYPES.CONV_C2C,
      payload: { text: 'offline' },
    });
    const ID = message.ID;
    let settled = false;
    const sending = amy.chat.sendMessage(message).finally(() => {
      settled = true;
    });
    await gate.refused('POST /api/v1/messages');
    expect(message.status).toBe('unSend');
    expect(settled).toBe(false);
    // It is listed with the conversation while it waits, as TIM lists unsent messages.
    const pending = await bob.chat.getConversationList();
    expect(pending.data.conversationList).toEqual([]);

    gate.offline = false;
    const res = await sending;
    expect(res.data.message).toBe(message);
    expect(message).toMatchObject({ ID, status: 'success', sequence: 1 });
    await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (l) => l.some((m) => m.ID === ID));
    const second = await sendText(amy, b, 'second');
    await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (l) => l.some((m) => m.ID === second.ID));
    expect(bob.received().map((m) => m.ID)).toEqual([ID, second.ID]);
    expect(amy.received()).toEqual([]);
  });

  it('SDK22 messages queued while offline go out in the order they were sent', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const gate = networkGate();
    const amy = await loggedIn(server, a, { fetch: gate.fetch, WebSocket: gate.WebSocket });
    const bob = await loggedIn(server, b);
    gate.offline = true;
    server.dropConnections();
    const sends = ['one', 'two', 'three', 'four'].map((text) =>
      amy.chat.sendMessage(amy.chat.createTextMessage({ to: b, conversationType: TYPES.CONV_C2C, payload: { text } })),
    );
    await gate.refused('POST /api/v1/messages');
    gate.offline = false;
    const sent = (await Promise.all(sends)).map((r) => r.data.message);
    expect(sent.map((m) => m.sequence)).toEqual([1, 2, 3, 4]);
    await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, () => bob.received().length === 4);
    expect(texts(bob.received())).toEqual(['one', 'two', 'three', 'four']);
  });

  it('SDK23 an expiring userSig ends the session: KICKED_OUT userSigExpired, SDK_NOT_READY, APIs reject 3004', async () => {
    const [a = ''] = await makeUsers(server, 'amy');
    const client = newClient(server);
    await client.chat.login({ userID: a, userSig: await server.userSig(a, 2) });
    await client.waitFor(EVENT.SDK_READY);
    await expect(client.waitFor(EVENT.KICKED_OUT, undefined, { ms: 6_000 })).resolves.toEqual({
      type: TYPES.KICKED_OUT_USERSIG_EXPIRED,
    });
    await client.waitFor(EVENT.SDK_NOT_READY);
    expect(client.chat.isReady()).toBe(false);
    await expect(client.chat.getConversationList()).rejects.toMatchObject({ code: 3004 });
    const order = client.events.map((e) => e.name).filter((n) => n === EVENT.KICKED_OUT || n === EVENT.SDK_NOT_READY);
    expect(order).toEqual([EVENT.KICKED_OUT, EVENT.SDK_NOT_READY]);
  });

  it('SDK24 a userSig valid for a year keeps its push connection (no immediate kick)', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = await loggedIn(server, a);
    const client = newClient(server);
    await client.chat.login({ userID: b, userSig: await server.userSig(b, 31_536_000) });
    await client.waitFor(EVENT.SDK_READY);
    const first = await sendText(amy, b, 'still there?');
    await client.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (l) => l.some((m) => m.ID === first.ID));
    const second = await sendText(amy, b, 'still there!');
    await client.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (l) => l.some((m) => m.ID === second.ID));
    expect(client.events.map((e) => e.name)).not.toContain(EVENT.KICKED_OUT);
    expect(client.chat.isReady()).toBe(true);
  });

  it('SDK25 NET_STATE_CHANGE: connecting → connected at login; disconnected → connecting → connected around a cut', async () => {
    const [a = ''] = await makeUsers(server, 'amy');
    const amy = await loggedIn(server, a);
    const states = () =>
      amy.events.filter((e) => e.name === EVENT.NET_STATE_CHANGE).map((e) => (e.data as { state: string }).state);
    expect(states()).toEqual(['connecting', 'connected']);
    const readyAt = amy.events.findIndex((e) => e.name === EVENT.SDK_READY);
    const connectedAt = amy.events.findIndex((e) => e.name === EVENT.NET_STATE_CHANGE);
    expect(connectedAt).toBeLessThan(readyAt);

    const cut = amy.mark();
    server.dropConnections();
    await amy.waitFor(EVENT.NET_STATE_CHANGE, netState('connected'), { from: cut });
    expect(states().slice(2)).toEqual(['disconnected', 'connecting', 'connected']);
  });

  it('RD3 SDK26 a read receipt missed while disconnected still arrives: MESSAGE_READ_BY_PEER after reconnect', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const sender = await loggedIn(server, a);
    const bob = await loggedIn(server, b);
    await sendText(sender, b, 'read me');
    await sendText(sender, b, 'me too');
    await bob.waitFor<number>(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (n) => n === 2);
    // This tab logs in after the sends, so its sync cursor is already past every change of its rows.
    const gate = networkGate();
    const amy = await loggedIn(server, a, { fetch: gate.fetch, WebSocket: gate.WebSocket });
    const { data } = await amy.chat.getMessageList({ conversationID: `C2C${b}` });
    expect(data.messageList.map((m) => m.isPeerRead)).toEqual([false, false]);

    const cut = amy.mark();
    gate.offline = true;
    server.dropConnections();
    await amy.waitFor(EVENT.NET_STATE_CHANGE, netState(TYPES.NET_STATE_DISCONNECTED), { from: cut });
    await bob.chat.setMessageRead({ conversationID: `C2C${a}` });
    gate.offline = false;
    const read = await amy.waitFor<Message[]>(EVENT.MESSAGE_READ_BY_PEER, undefined, { from: cut });
    expect(read).toEqual(data.messageList);
    expect(data.messageList.every((m) => m.isPeerRead)).toBe(true);
  });

  it('RD3 SDK27 a reply implies a read: my earlier messages become isPeerRead when the peer answers', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = await loggedIn(server, a);
    const bob = await loggedIn(server, b);
    const mine = await sendText(amy, b, 'question');
    await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (l) => l.some((m) => m.ID === mine.ID));
    await sendText(bob, a, 'answer');
    const read = await amy.waitFor<Message[]>(EVENT.MESSAGE_READ_BY_PEER);
    expect(read).toEqual([mine]);
    expect(mine.isPeerRead).toBe(true);
  });
});
