import type { WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { type GroupChat, makeGroupChat } from './support/groups.ts';
import { KINDS } from './support/messaging.ts';

afterEach(cleanupApps);

const BASE = Date.UTC(2026, 0, 1);
const enc = encodeURIComponent;
const msgPath = (conv: string, id: string, action: string) =>
  `/api/v1/conversations/${enc(conv)}/messages/${enc(id)}/${action}`;
const convPath = (conv: string, rest: string) => `/api/v1/conversations/${enc(conv)}/${rest}`;

/** A chat whose clock the test moves (revoke windows are never waited for). */
async function open(kind: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const clock = { t: BASE, now: () => clock.t };
  const c = await makeGroupChat(kind, ['amy', 'bob', 'cat'], env, { clock });
  const sendText = async (from: string, to: string, text = 'hello', extra: Record<string, unknown> = {}) => {
    const res = await c.send(from, to, { payload: { text }, ...extra });
    if (res.status !== 200) throw new Error(JSON.stringify(res.json));
    return res.json.message as WireMessage;
  };
  const history = async (as: string, conv: string) =>
    (await c.history(as, enc(conv), '?count=100')).messageList as WireMessage[];
  return { c, clock, sendText, history };
}

const modify = (c: GroupChat, as: string, conv: string, id: string, body: Record<string, unknown>) =>
  c.call(as, 'POST', msgPath(conv, id, 'modify'), body);

describe.each(KINDS)('message actions (%s)', (kind) => {
  it('ACT1 modifyMessage: a stale version is 2480 with the latest message; the current one applies and counts up', async () => {
    const { c, sendText, history } = await open(kind);
    const m = await sendText('amy', 'bob');
    const first = await modify(c, 'bob', 'C2Camy', m.ID, { version: 0, cloudCustomData: '{"a":1}' });
    expect(first.code).toBe(0);
    expect(first.json.message).toMatchObject({ version: 1, isModified: true, cloudCustomData: '{"a":1}' });
    const stale = await modify(c, 'amy', 'C2Cbob', m.ID, { version: 0, cloudCustomData: '{"b":2}' });
    expect(stale.code).toBe(2480);
    expect((stale.json.data as { message: WireMessage }).message).toMatchObject({
      version: 1,
      cloudCustomData: '{"a":1}',
    });
    expect((await history('amy', 'C2Cbob'))[0]).toMatchObject({ cloudCustomData: '{"a":1}', version: 1 });
    await c.close();
  });

  it('ACT1 two members modifying at once: one wins, the other retries with the latest and both changes stay', async () => {
    const { c, sendText, history } = await open(kind);
    const m = await sendText('amy', 'bob');
    const put = (as: string, version: number, list: string[]) =>
      modify(c, as, as === 'amy' ? 'C2Cbob' : 'C2Camy', m.ID, { version, cloudCustomData: JSON.stringify({ list }) });
    const [x, y] = await Promise.all([put('amy', 0, ['amy']), put('bob', 0, ['bob'])]);
    expect([x.code, y.code].sort()).toEqual([0, 2480]);
    const loser = x.code === 2480 ? x : y;
    const latest = (loser.json.data as { message: WireMessage }).message;
    const merged = [...(JSON.parse(latest.cloudCustomData) as { list: string[] }).list, loser === x ? 'amy' : 'bob'];
    expect((await put(loser === x ? 'amy' : 'bob', latest.version ?? 0, merged)).code).toBe(0);
    const [stored] = await history('bob', 'C2Camy');
    expect((JSON.parse(stored?.cloudCustomData ?? '{}') as { list: string[] }).list.sort()).toEqual(['amy', 'bob']);
    await c.close();
  });

  it('ACT2 ACT3 2481 for an AVChatRoom, 20026 for a missing message or a stranger, 60040 for content not mine', async () => {
    const { c, sendText } = await open(kind);
    const av = await c.create('amy', { name: 'live', type: 'AVChatRoom' });
    expect((await modify(c, 'amy', `GROUP${av.groupID}`, 'nope', { version: 0, cloudCustomData: 'x' })).code).toBe(
      2481,
    );
    expect((await modify(c, 'amy', 'C2Cbob', 'missing', { version: 0, cloudCustomData: 'x' })).code).toBe(20026);
    const m = await sendText('amy', 'bob', 'mine');
    expect((await modify(c, 'cat', 'C2Camy', m.ID, { version: 0, cloudCustomData: 'x' })).code).toBe(20026);
    expect((await modify(c, 'bob', 'C2Camy', m.ID, { version: 0, payload: { text: 'forged' } })).code).toBe(60040);
    const edited = await modify(c, 'amy', 'C2Cbob', m.ID, { version: 0, payload: { text: 'edited' } });
    expect(edited.json.message).toMatchObject({ payload: { text: 'edited' }, version: 1 });
    await c.close();
  });

  it('ACT3 absurd input is refused whole: negative or huge versions, empty changes, oversized data, nothing applied', async () => {
    const { c, sendText, history } = await open(kind);
    const m = await sendText('amy', 'bob');
    for (const body of [
      { version: -1, cloudCustomData: 'x' },
      { version: 1e12, cloudCustomData: 'x' },
      { version: 'one', cloudCustomData: 'x' },
      { version: 0 },
      { version: 0, cloudCustomData: 'x'.repeat(9000) },
      { version: 0, payload: { text: '' } },
    ]) {
      const res = await modify(c, 'amy', 'C2Cbob', m.ID, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await history('bob', 'C2Camy'))[0]).toMatchObject({ isModified: false, cloudCustomData: '' });
    await c.close();
  });

  it('ACT4 revoke: only the sender, never custom messages, within the window (20016 C2C, 10031 group)', async () => {
    const { c, clock, sendText } = await open(kind);
    const m = await sendText('amy', 'bob');
    expect((await c.call('bob', 'POST', msgPath('C2Camy', m.ID, 'revoke'))).code).toBe(10032);
    const custom = await c.send('amy', 'bob', { type: 'TIMCustomElem', payload: { data: 'x' } });
    const customID = (custom.json.message as WireMessage).ID;
    expect((await c.call('amy', 'POST', msgPath('C2Cbob', customID, 'revoke'))).code).toBe(10032);
    const g = await c.create('amy', { name: 'g', memberList: [{ userID: 'bob' }] });
    const gm = (await c.say('amy', g.groupID)).json.message as WireMessage;
    clock.t += 121_000;
    expect((await c.call('amy', 'POST', msgPath('C2Cbob', m.ID, 'revoke'))).code).toBe(20016);
    expect((await c.call('amy', 'POST', msgPath(`GROUP${g.groupID}`, gm.ID, 'revoke'))).code).toBe(10031);
    await c.close();
  });

  it('ACT4 the window is configurable (PARLEY_REVOKE_WINDOW_S)', async () => {
    const { c, clock, sendText } = await open(kind, { PARLEY_REVOKE_WINDOW_S: '600' });
    const m = await sendText('amy', 'bob');
    clock.t += 300_000;
    expect((await c.call('amy', 'POST', msgPath('C2Cbob', m.ID, 'revoke'))).code).toBe(0);
    await c.close();
  });

  it('ACT5 a recalled message keeps its place, its content is served to nobody, the list shows it recalled', async () => {
    const { c, sendText, history } = await open(kind);
    await sendText('amy', 'bob', 'before');
    const m = await sendText('amy', 'bob', 'secret', { cloudCustomData: 'also secret' });
    await history('bob', 'C2Camy'); // fills the page cache: it must not serve the old text afterwards
    const res = await c.call('amy', 'POST', msgPath('C2Cbob', m.ID, 'revoke'));
    expect(res.json.message).toMatchObject({ isRevoked: true, revoker: 'amy', payload: {}, cloudCustomData: '' });
    for (const [as, conv] of [
      ['bob', 'C2Camy'],
      ['amy', 'C2Cbob'],
    ] as const) {
      const list = await history(as, conv);
      expect(list.map((x) => x.sequence)).toEqual([1, 2]);
      expect(JSON.stringify(list)).not.toContain('secret');
      const found = await c.get(as, `/api/v1/conversations/${conv}/messages/${enc(m.ID)}`);
      expect(JSON.stringify(found.json)).not.toContain('secret');
    }
    const conv = (await c.conversations('bob')).conversationList.find((x) => x.conversationID === 'C2Camy');
    expect(conv?.lastMessage).toMatchObject({ isRevoked: true });
    expect(JSON.stringify(conv)).not.toContain('secret');
    await c.close();
  });

  it('ACT6 recalling a reply removes it from its root’s reply list', async () => {
    const { c, sendText, history } = await open(kind);
    const root = await sendText('bob', 'amy', 'root');
    const reply = await sendText('amy', 'bob', 'reply', {
      cloudCustomData: JSON.stringify({ messageReply: { messageID: root.ID, messageRootID: root.ID, version: 1 } }),
    });
    const other = { messageID: 'someone-else', messageAbstract: 'x', messageSender: 'bob' };
    const replies = {
      messageReplies: { replies: [{ messageID: reply.ID, messageAbstract: 'reply' }, other], version: 1 },
    };
    expect(
      (await modify(c, 'amy', 'C2Cbob', root.ID, { version: 0, cloudCustomData: JSON.stringify(replies) })).code,
    ).toBe(0);
    expect((await c.call('amy', 'POST', msgPath('C2Cbob', reply.ID, 'revoke'))).code).toBe(0);
    const stored = (await history('bob', 'C2Camy')).find((x) => x.ID === root.ID);
    expect(JSON.parse(stored?.cloudCustomData ?? '{}')).toEqual({ messageReplies: { replies: [other], version: 1 } });
    await c.close();
  });

  it('ACT7 deleteMessage hides for me only, persistently; a missing ID deletes nothing', async () => {
    const { c, sendText, history } = await open(kind);
    const a = await sendText('amy', 'bob', 'one');
    const b = await sendText('bob', 'amy', 'two');
    const bad = await c.call('bob', 'POST', convPath('C2Camy', 'messages/delete'), {
      messageIDList: [a.ID, 'missing'],
    });
    expect(bad.code).toBe(20026);
    expect((await history('bob', 'C2Camy')).length).toBe(2);
    const ok = await c.call('bob', 'POST', convPath('C2Camy', 'messages/delete'), { messageIDList: [a.ID] });
    expect(ok.json).toEqual({ messageIDList: [a.ID] });
    // Another device of bob's reads the same server state: the message stays gone; amy keeps both.
    expect((await history('bob', 'C2Camy')).map((m) => m.ID)).toEqual([b.ID]);
    expect((await c.history('bob', enc('C2Camy'), '?afterSeq=0')).messageList.map((m) => m.ID)).toEqual([b.ID]);
    expect((await history('amy', 'C2Cbob')).map((m) => m.ID)).toEqual([a.ID, b.ID]);
    await c.close();
  });

  it('KACT22 deleting the newest message moves the deleter’s list preview to the one before; the peer keeps it', async () => {
    const { c, sendText } = await open(kind);
    const a = await sendText('amy', 'bob', 'one');
    const b = await sendText('bob', 'amy', 'two');
    const lastOf = async (as: string, id: string) =>
      (await c.conversations(as)).conversationList.find((x) => x.conversationID === id)?.lastMessage;
    const before = (await c.conversations('bob')).syncVersion;
    await c.call('bob', 'POST', convPath('C2Camy', 'messages/delete'), { messageIDList: [b.ID] });
    expect((await lastOf('bob', 'C2Camy'))?.ID).toBe(a.ID);
    expect((await lastOf('amy', 'C2Cbob'))?.ID).toBe(b.ID);
    // The row moved in bob's change feed, so his other devices re-read it on their next sync.
    const since = (await c.conversations('bob', before)).conversationList.map((x) => x.conversationID);
    expect(since).toContain('C2Camy');
    await c.call('bob', 'POST', convPath('C2Camy', 'messages/delete'), { messageIDList: [a.ID] });
    expect(await lastOf('bob', 'C2Camy')).toBeNull();
    await c.close();
  });

  it('KACT34 the list preview is the newest message not deleted, even when more than 50 newer ones were', async () => {
    const { c, sendText } = await open(kind);
    const first = await sendText('amy', 'bob', 'still here');
    const later: WireMessage[] = [];
    for (let i = 0; i < 55; i += 1) later.push(await sendText('amy', 'bob', `later ${i}`));
    for (let i = 0; i < later.length; i += 30) {
      const messageIDList = later.slice(i, i + 30).map((m) => m.ID);
      expect((await c.call('bob', 'POST', convPath('C2Camy', 'messages/delete'), { messageIDList })).status).toBe(200);
    }
    const preview = (await c.conversations('bob')).conversationList.find((x) => x.conversationID === 'C2Camy');
    expect(preview?.lastMessage?.ID).toBe(first.ID);
    await c.close();
  });

  it('KACT33 a reply the reader deleted leaves its root’s reply list in every later read (history, catch-up, findMessage, changes); others keep it', async () => {
    const { c, sendText, history } = await open(kind);
    const root = await sendText('amy', 'bob', 'root');
    const kept = await sendText('bob', 'amy', 'kept reply');
    const gone = await sendText('bob', 'amy', 'deleted reply');
    const entry = (m: WireMessage) => ({ messageID: m.ID, messageAbstract: 'x', messageSender: 'bob', messageTime: 0 });
    const cloudCustomData = JSON.stringify({ messageReplies: { replies: [entry(kept), entry(gone)], version: 1 } });
    expect((await modify(c, 'bob', 'C2Camy', root.ID, { version: 0, cloudCustomData })).code).toBe(0);
    await c.call('bob', 'POST', convPath('C2Camy', 'messages/delete'), { messageIDList: [gone.ID] });
    // A later session of bob's: every way he reads the root counts one reply.
    const replyIDs = (m: WireMessage | undefined) =>
      (
        JSON.parse(m?.cloudCustomData ?? '{}') as { messageReplies?: { replies: { messageID: string }[] } }
      ).messageReplies?.replies.map((r) => r.messageID);
    expect(replyIDs((await history('bob', 'C2Camy')).find((m) => m.ID === root.ID))).toEqual([kept.ID]);
    const caught = (await c.history('bob', enc('C2Camy'), '?afterSeq=0')).messageList as WireMessage[];
    expect(replyIDs(caught.find((m) => m.ID === root.ID))).toEqual([kept.ID]);
    const found = (await c.get('bob', convPath('C2Camy', `messages/${enc(root.ID)}`))).json as { message: WireMessage };
    expect(replyIDs(found.message)).toEqual([kept.ID]);
    const changes = (await c.get('bob', convPath('C2Camy', 'changes?after=0'))).json as { messageList: WireMessage[] };
    expect(replyIDs(changes.messageList.find((m) => m.ID === root.ID))).toEqual([kept.ID]);
    // The delete is bob's own: amy still sees both replies.
    expect(replyIDs((await history('amy', 'C2Cbob')).find((m) => m.ID === root.ID))).toEqual([kept.ID, gone.ID]);
    await c.close();
  });

  it('ACT9 …/changes: what changed in place after a cursor, my deletes, and nothing after the latest cursor', async () => {
    const { c, sendText } = await open(kind);
    const a = await sendText('amy', 'bob', 'one');
    const b = await sendText('amy', 'bob', 'two');
    const start = (await c.get('bob', convPath('C2Camy', 'changes?after=0'))).json as { changeSequence: number };
    expect(start.changeSequence).toBe(0);
    await modify(c, 'amy', 'C2Cbob', a.ID, { version: 0, cloudCustomData: 'c' });
    await c.call('amy', 'POST', msgPath('C2Cbob', b.ID, 'revoke'));
    await c.call('bob', 'POST', convPath('C2Camy', 'messages/delete'), { messageIDList: [a.ID] });
    const seen = (await c.get('bob', convPath('C2Camy', 'changes?after=0'))).json as {
      changeSequence: number;
      messageList: WireMessage[];
      deletedMessageIDList: string[];
    };
    expect(seen.changeSequence).toBe(3);
    expect(seen.messageList.map((m) => [m.ID, m.isRevoked])).toEqual([[b.ID, true]]);
    expect(seen.deletedMessageIDList).toEqual([a.ID]);
    const amy = (await c.get('amy', convPath('C2Cbob', 'changes?after=0'))).json as {
      messageList: WireMessage[];
      deletedMessageIDList: string[];
    };
    expect(amy.messageList.map((m) => m.ID)).toEqual([a.ID, b.ID]);
    expect(amy.deletedMessageIDList).toEqual([]);
    const none = (await c.get('bob', convPath('C2Camy', 'changes?after=3'))).json as { messageList: unknown[] };
    expect(none.messageList).toEqual([]);
    expect((await c.get('cat', convPath('C2Camy', 'changes?after=0'))).status).toBe(404);
    await c.close();
  });

  it('ACT12 merged records: stored once, readable by a user never in the conversation; size, depth and keys checked', async () => {
    const { c, sendText } = await open(kind);
    const m = await sendText('amy', 'bob', 'original');
    const simple = {
      ID: m.ID,
      from: 'amy',
      nick: 'amy-nick',
      time: m.time,
      messageBody: [{ type: m.type, payload: m.payload }],
    };
    const body = {
      title: 'Chat history',
      abstractList: ['amy: original'],
      compatibleText: 'upgrade',
      messageList: [simple],
    };
    const stored = await c.call('amy', 'POST', '/api/v1/mergers', body);
    expect(stored.code).toBe(0);
    const key = stored.json.downloadKey as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const relay = {
      downloadKey: key,
      title: 'Chat history',
      abstractList: ['amy: original'],
      compatibleText: 'upgrade',
    };
    expect((await c.send('amy', 'cat', { type: 'TIMRelayElem', payload: relay })).status).toBe(200);
    const read = await c.call('cat', 'GET', `/api/v1/mergers/${key}`);
    expect(read.json).toMatchObject({
      title: 'Chat history',
      messageList: [{ ID: m.ID, messageBody: [{ payload: { text: 'original' } }] }],
    });
    expect((await c.call('cat', 'GET', `/api/v1/mergers/${'x'.repeat(24)}`)).code).toBe(2451);
    // Nested by key: the outer record's depth counts the inner one's.
    const nestedByKey = { ...simple, messageBody: [{ type: 'TIMRelayElem', payload: relay }] };
    expect((await c.call('bob', 'POST', '/api/v1/mergers', { ...body, messageList: [nestedByKey] })).code).toBe(0);
    const unknownKey = {
      ...simple,
      messageBody: [{ type: 'TIMRelayElem', payload: { ...relay, downloadKey: 'y'.repeat(24) } }],
    };
    expect((await c.call('bob', 'POST', '/api/v1/mergers', { ...body, messageList: [unknownKey] })).code).toBe(2451);
    // 50 deep inline, and 10,000 records: refused whole.
    let deep: Record<string, unknown> = simple;
    for (let i = 0; i < 50; i += 1)
      deep = { ...simple, messageBody: [{ type: 'TIMRelayElem', payload: { messageList: [deep] } }] };
    expect((await c.call('bob', 'POST', '/api/v1/mergers', { ...body, messageList: [deep] })).code).toBe(60042);
    const huge = await c.call('bob', 'POST', '/api/v1/mergers', { ...body, messageList: Array(10_000).fill(simple) });
    expect([400, 413]).toContain(huge.status);
    // A merger message naming no stored key is not a valid payload.
    expect(
      (await c.send('amy', 'cat', { type: 'TIMRelayElem', payload: { ...relay, downloadKey: 'short' } })).status,
    ).toBe(400);
    await c.close();
  });

  it('ACT14 C2C read receipts: only the peer’s messages that asked for one, once each; the sender can list them', async () => {
    const { c, sendText } = await open(kind);
    const wants = await sendText('amy', 'bob', 'ack me', { needReadReceipt: true });
    const plain = await sendText('amy', 'bob', 'plain');
    const mine = await sendText('bob', 'amy', 'mine', { needReadReceipt: true });
    const sent = await c.call('bob', 'POST', convPath('C2Camy', 'receipts'), {
      messageIDList: [wants.ID, plain.ID, mine.ID],
    });
    expect(sent.json).toEqual({ messageIDList: [wants.ID] });
    expect((await c.call('bob', 'POST', convPath('C2Camy', 'receipts'), { messageIDList: [wants.ID] })).json).toEqual({
      messageIDList: [],
    });
    const list = await c.call('amy', 'POST', convPath('C2Cbob', 'receipts/query'), {
      messageIDList: [wants.ID, plain.ID],
    });
    expect(list.json).toEqual({
      receiptList: [
        { messageID: wants.ID, isPeerRead: true, timestamp: BASE / 1000 },
        { messageID: plain.ID, isPeerRead: false, timestamp: 0 },
      ],
    });
    await c.close();
  });
});
