import TencentCloudChat, { type Message } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { loggedIn, networkGate, type TestClient } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;
const has = (id: string) => (list: Message[]) => list.some((m) => m.ID === id);

describe.each(BACKENDS)('SDK message actions against the real server [%s]', (backend) => {
  const server = useServer(backend);

  async function users(...names: string[]): Promise<TestClient[]> {
    const ids = await makeUsers(server, ...names);
    return Promise.all(ids.map((id) => loggedIn(server, id)));
  }

  /** `to` received a message from `from` and holds it (as an application that listed it would). */
  async function delivered(from: TestClient, to: TestClient, text: string, options = {}): Promise<[Message, Message]> {
    const message = from.chat.createTextMessage({
      to: to.userID,
      conversationType: TYPES.CONV_C2C,
      payload: { text },
      ...options,
    });
    await from.chat.sendMessage(message);
    const [got] = (await to.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, has(message.ID))).filter(
      (m) => m.ID === message.ID,
    );
    return [message, got as Message];
  }

  it('SACT2 modifyMessage: the peer gets MESSAGE_MODIFIED on its own object; a stale copy gets 2480 with the latest', async () => {
    const [amy, bob] = (await users('amy', 'bob')) as [TestClient, TestClient];
    const [mine, theirs] = await delivered(amy, bob, 'hi');
    theirs.cloudCustomData = JSON.stringify({ seen: 'bob' });
    const res = await bob.chat.modifyMessage(theirs);
    expect(res.data.message).toBe(theirs);
    expect(theirs).toMatchObject({ version: 1, isModified: true });
    const [changed] = await amy.waitFor<Message[]>(EVENT.MESSAGE_MODIFIED, has(mine.ID));
    expect(changed).toBe(mine);
    expect(mine.cloudCustomData).toBe(JSON.stringify({ seen: 'bob' }));
    // A copy read at version 0 is stale: the rejection carries the latest, and a retry from it applies.
    const stale = await amy.chat.getMessageList({ conversationID: `C2C${bob.userID}` });
    const old = stale.data.messageList[0] as Message;
    const copy = Object.assign(Object.create(Object.getPrototypeOf(old)), old, { version: 0, cloudCustomData: 'x' });
    const err = await amy.chat.modifyMessage(copy).catch((e: { code: number; data: { message: Message } }) => e);
    expect(err).toMatchObject({ code: 2480 });
    expect((err as { data: { message: Message } }).data.message).toMatchObject({ version: 1 });
    copy.cloudCustomData = 'y';
    expect((await amy.chat.modifyMessage(copy)).data.message).toMatchObject({ version: 2, cloudCustomData: 'y' });
  });

  it('SACT3 revokeMessage: MESSAGE_REVOKED for the peer, recalled in history; after the window 20016', async () => {
    const [amy, bob] = (await users('amy', 'bob')) as [TestClient, TestClient];
    const [mine] = await delivered(amy, bob, 'oops');
    const res = await amy.chat.revokeMessage(mine);
    expect(res.data.message).toMatchObject({ isRevoked: true, revoker: amy.userID, payload: {} });
    const [revoked] = await bob.waitFor<Message[]>(EVENT.MESSAGE_REVOKED, has(mine.ID));
    expect(revoked).toMatchObject({ isRevoked: true, revokerInfo: { userID: amy.userID } });
    const list = await bob.chat.getMessageList({ conversationID: `C2C${amy.userID}` });
    expect(list.data.messageList.map((m) => [m.ID, m.isRevoked])).toEqual([[mine.ID, true]]);
    const [late, lateCopy] = await delivered(amy, bob, 'too late');
    await expect(bob.chat.revokeMessage(lateCopy)).rejects.toMatchObject({ code: 10032 });
    server.advanceClock(121_000);
    await expect(amy.chat.revokeMessage(late)).rejects.toMatchObject({ code: 20016, data: { message: late } });
  });

  it('SACT4 a recall and a modification made while the peer was offline arrive after it reconnects', async () => {
    const [amyID = '', bobID = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = await loggedIn(server, amyID);
    const gate = networkGate();
    const bob = await loggedIn(server, bobID, { fetch: gate.fetch, WebSocket: gate.WebSocket });
    const [one] = await delivered(amy, bob, 'one');
    const [two] = await delivered(amy, bob, 'two');
    gate.offline = true;
    server.dropConnections();
    await bob.waitFor(EVENT.NET_STATE_CHANGE, (d: { state: string }) => d.state !== TYPES.NET_STATE_CONNECTED);
    await amy.chat.revokeMessage(one);
    two.cloudCustomData = 'edited';
    await amy.chat.modifyMessage(two);
    const from = bob.mark();
    gate.offline = false;
    const [revoked] = await bob.waitFor<Message[]>(EVENT.MESSAGE_REVOKED, has(one.ID), { from });
    expect(revoked?.isRevoked).toBe(true);
    const [modified] = await bob.waitFor<Message[]>(EVENT.MESSAGE_MODIFIED, has(two.ID), { from });
    expect(modified?.cloudCustomData).toBe('edited');
  });

  it('SACT5 deleteMessage: gone for me on my other device too, kept by the peer', async () => {
    const [amyID = '', bobID = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = await loggedIn(server, amyID);
    const bob = await loggedIn(server, bobID);
    const bob2 = await loggedIn(server, bobID);
    const [sent] = await delivered(amy, bob, 'delete me');
    await bob2.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, has(sent.ID));
    const mine = bob.chat.findMessage(sent.ID) as Message;
    const res = await bob.chat.deleteMessage([mine]);
    expect(res.data.messageList[0]).toMatchObject({ isDeleted: true });
    const [gone] = await bob2.waitFor<Message[]>(EVENT.MESSAGE_MODIFIED, has(sent.ID));
    expect(gone?.isDeleted).toBe(true);
    const page = await bob2.chat.getMessageList({ conversationID: `C2C${amyID}` });
    expect(page.data.messageList.map((m) => m.ID)).toEqual([]);
    const kept = await amy.chat.getMessageList({ conversationID: `C2C${bobID}` });
    expect(kept.data.messageList.map((m) => m.ID)).toEqual([sent.ID]);
  });

  it('SACT7 SACT8 forward a message, and merged records (nested too) read by a user never in the conversation', async () => {
    const [amy, bob, cat] = (await users('amy', 'bob', 'cat')) as [TestClient, TestClient, TestClient];
    const [a] = await delivered(amy, bob, 'first');
    const [, b] = await delivered(bob, amy, 'second');
    const forward = bob.chat.createForwardMessage({ to: cat.userID, conversationType: TYPES.CONV_C2C, payload: b });
    await bob.chat.sendMessage(forward);
    const [copy] = await cat.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, has(forward.ID));
    expect(copy).toMatchObject({ from: bob.userID, type: TYPES.MSG_TEXT, payload: { text: 'second' } });
    expect(copy?.ID).not.toBe(b.ID);
    const merger = amy.chat.createMergerMessage({
      to: cat.userID,
      conversationType: TYPES.CONV_C2C,
      payload: { messageList: [a, b], title: 'amy and bob', abstractList: ['amy: first'], compatibleText: 'upgrade' },
    });
    await amy.chat.sendMessage(merger);
    expect(merger.payload.downloadKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const [got] = await cat.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, has(merger.ID));
    const opened = await cat.chat.downloadMergerMessage(got as Message);
    const records = opened.data.payload.messageList as { from: string; messageBody: { payload: { text: string } }[] }[];
    expect(records.map((r) => [r.from, r.messageBody[0]?.payload.text])).toEqual([
      [amy.userID, 'first'],
      [bob.userID, 'second'],
    ]);
    // Merged records holding that merger: the nested record opens from its body as the records carry it.
    const outer = cat.chat.createMergerMessage({
      to: bob.userID,
      conversationType: TYPES.CONV_C2C,
      payload: { messageList: [got as Message], title: 'nested', abstractList: [], compatibleText: 'upgrade' },
    });
    await cat.chat.sendMessage(outer);
    const [gotOuter] = await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, has(outer.ID));
    const outerRecords = (await bob.chat.downloadMergerMessage(gotOuter as Message)).data.payload.messageList as {
      messageBody: { type: string; payload: object }[];
    }[];
    const body = { ...outerRecords[0]?.messageBody[0], payload: { ...outerRecords[0]?.messageBody[0]?.payload } };
    delete (body.payload as { messageList?: unknown }).messageList;
    const inner = await bob.chat.downloadMergerMessage(body as unknown as Message);
    const innerTexts = (inner.data.payload.messageList as typeof records).map((r) => r.messageBody[0]?.payload.text);
    expect(innerTexts).toEqual(['first', 'second']);
    await expect(bob.chat.downloadMergerMessage({ type: TYPES.MSG_TEXT, payload: {} } as never)).rejects.toThrow(
      'Params validate failed.',
    );
    const tip = Object.assign(Object.create(Object.getPrototypeOf(a)), a, { type: TYPES.MSG_GRP_TIP });
    expect(() => amy.chat.createForwardMessage({ to: cat.userID, conversationType: 'C2C', payload: tip })).toThrow(
      expect.objectContaining({ code: 2453 }),
    );
  });

  it('SACT9 C2C read receipts: the sender hears of them and can list them; the unread count is not touched', async () => {
    const [amy, bob] = (await users('amy', 'bob')) as [TestClient, TestClient];
    const [mine, theirs] = await delivered(amy, bob, 'ack?', { needReadReceipt: true });
    await bob.chat.sendMessageReadReceipt([theirs]);
    const [receipt] = await amy.waitFor<{ messageID: string; userID: string; isPeerRead: boolean }[]>(
      EVENT.MESSAGE_READ_RECEIPT_RECEIVED,
    );
    expect(receipt).toMatchObject({ messageID: mine.ID, userID: bob.userID, isPeerRead: true });
    expect(mine.readReceiptInfo.isPeerRead).toBe(true);
    const listed = await amy.chat.getMessageReadReceiptList([mine]);
    expect(listed.data.messageList[0]?.readReceiptInfo.isPeerRead).toBe(true);
    const conv = await bob.chat.getConversationProfile(`C2C${amy.userID}`);
    expect(conv.data.conversation.unreadCount).toBe(1);
    await expect(bob.chat.sendMessageReadReceipt([mine])).rejects.toMatchObject({ code: 2114 });
  });

  it('SACT10 reactions from both sides at once: both land, each side sees its own reactedByMyself', async () => {
    const [amy, bob] = (await users('amy', 'bob')) as [TestClient, TestClient];
    const [mine, theirs] = await delivered(amy, bob, 'react');
    await Promise.all([amy.chat.addMessageReaction(mine, '👍'), bob.chat.addMessageReaction(theirs, '👍')]);
    await bob.chat.addMessageReaction(theirs, '[TUIEmoji_Smile]');
    const update = await amy.waitFor<{
      messageID: string;
      reactionList: { reactionID: string; totalUserCount: number; reactedByMyself: boolean }[];
    }>(EVENT.MESSAGE_REACTIONS_UPDATED, (d) => d.reactionList.length === 2);
    expect(update.reactionList.map((r) => [r.reactionID, r.totalUserCount, r.reactedByMyself])).toEqual([
      ['👍', 2, true],
      ['[TUIEmoji_Smile]', 1, false],
    ]);
    const bobs = await bob.chat.getMessageReactions({ messageList: [theirs] });
    expect(bobs.data.resultList[0]?.reactionList.map((r) => r.reactedByMyself)).toEqual([true, true]);
    const users2 = await amy.chat.getAllUserListOfMessageReaction({ message: mine, reactionID: '👍' });
    expect(users2.data.userList.map((u) => u.userID).sort()).toEqual([amy.userID, bob.userID].sort());
    await bob.chat.removeMessageReaction(theirs, '[TUIEmoji_Smile]');
    await amy.waitFor<{ reactionList: unknown[] }>(EVENT.MESSAGE_REACTIONS_UPDATED, (d) => d.reactionList.length === 1);
    await expect(amy.chat.addMessageReaction(mine, 'x'.repeat(10_240))).rejects.toMatchObject({ code: 60003 });
    // An application's own reaction ID (ACT21) travels and comes back exactly.
    await amy.chat.addMessageReaction(mine, 'emoji_like');
    const own = await bob.waitFor<{ reactionList: { reactionID: string }[] }>(EVENT.MESSAGE_REACTIONS_UPDATED, (d) =>
      d.reactionList.some((r) => r.reactionID === 'emoji_like'),
    );
    expect(own.reactionList.map((r) => r.reactionID)).toEqual(['👍', 'emoji_like']);
  });

  it('SACT11 typing is online-only: delivered live, never in the list, the conversation or the unread count', async () => {
    const [amy, bob] = (await users('amy', 'bob')) as [TestClient, TestClient];
    await delivered(amy, bob, 'hello');
    const typing = bob.chat.createCustomMessage({
      to: amy.userID,
      conversationType: TYPES.CONV_C2C,
      payload: { data: JSON.stringify({ businessID: 'user_typing_status', typingStatus: 1, version: 1 }) },
    });
    await bob.chat.sendMessage(typing, { onlineUserOnly: true });
    const [got] = await amy.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, has(typing.ID));
    expect(got?._onlineOnlyFlag).toBe(true);
    const list = await amy.chat.getMessageList({ conversationID: `C2C${bob.userID}` });
    expect(list.data.messageList.map((m) => m.payload.text)).toEqual(['hello']);
    const conv = await amy.chat.getConversationProfile(`C2C${bob.userID}`);
    expect(conv.data.conversation.unreadCount).toBe(0);
    expect(conv.data.conversation.lastMessage?.payload).toMatchObject({ text: 'hello' });
  });

  it('SACT1 a message ID used in two conversations: actions and pushes reach the message of the right one', async () => {
    const [amy, bob, cat] = (await users('amy', 'bob', 'cat')) as [TestClient, TestClient, TestClient];
    const ID = `shared-${Date.now()}`;
    const fromAmy = amy.chat.createTextMessage({ to: bob.userID, conversationType: 'C2C', payload: { text: 'amy' } });
    const fromCat = cat.chat.createTextMessage({ to: bob.userID, conversationType: 'C2C', payload: { text: 'cat' } });
    fromAmy.ID = ID;
    fromCat.ID = ID;
    await amy.chat.sendMessage(fromAmy);
    await cat.chat.sendMessage(fromCat);
    const page = async (peer: TestClient) =>
      (await bob.chat.getMessageList({ conversationID: `C2C${peer.userID}` })).data.messageList[0] as Message;
    const amyCopy = await page(amy);
    const catCopy = await page(cat);
    expect(amyCopy).not.toBe(catCopy);
    await cat.chat.revokeMessage(fromCat);
    await bob.waitFor<Message[]>(EVENT.MESSAGE_REVOKED, (l) => l.some((m) => m.ID === ID));
    expect(catCopy.isRevoked).toBe(true);
    expect(amyCopy).toMatchObject({ isRevoked: false, payload: { text: 'amy' } });
  });
});
