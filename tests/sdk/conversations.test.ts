import TencentCloudChat, { type Conversation, type Message } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { loggedIn, sendText, type TestClient } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;
const ids = (list: Conversation[]) => list.map((c) => c.conversationID);
const find = (list: Conversation[], id: string) => list.find((c) => c.conversationID === id);

describe.each(BACKENDS)('SDK conversations against the real server [%s]', (backend) => {
  const server = useServer(backend);

  /** bob has heard from amy, then from carl (so carl's conversation is the newer one). */
  async function threeUsers(): Promise<{ amy: TestClient; bob: TestClient; carl: TestClient }> {
    const [a = '', b = '', c = ''] = await makeUsers(server, 'amy', 'bob', 'carl');
    const [amy, bob, carl] = await Promise.all([loggedIn(server, a), loggedIn(server, b), loggedIn(server, c)]);
    await sendText(amy, b, 'from amy');
    // Conversations sort by server time in seconds: carl's must be strictly newer to be first.
    server.advanceClock(1_000);
    await sendText(carl, b, 'from carl');
    await bob.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (list) => list.length === 2);
    return { amy, bob, carl };
  }

  it('SDK10 the list has TIM conversations sorted newest first, and CONVERSATION_LIST_UPDATED carries all of it', async () => {
    const { amy, bob, carl } = await threeUsers();
    const list = await bob.waitFor<Conversation[]>(
      EVENT.CONVERSATION_LIST_UPDATED,
      (l) => l.length === 2 && l.every((c) => c.userProfile.nick !== ''),
    );
    expect(ids(list)).toEqual([`C2C${carl.userID}`, `C2C${amy.userID}`]);
    expect(find(list, `C2C${amy.userID}`)).toMatchObject({
      type: TYPES.CONV_C2C,
      unreadCount: 1,
      isPinned: false,
      messageRemindType: TYPES.MSG_REMIND_ACPT_AND_NOTE,
      groupAtInfoList: [],
      markList: [],
      toAccount: amy.userID,
      userProfile: { userID: amy.userID, nick: `${amy.userID}-nick` },
      lastMessage: {
        fromAccount: amy.userID,
        messageForShow: 'from amy',
        type: TYPES.MSG_TEXT,
        payload: { text: 'from amy' },
        lastSequence: 1,
        isPeerRead: false,
        isRevoked: false,
      },
    });
    const { data } = await bob.chat.getConversationList();
    expect(ids(data.conversationList)).toEqual(ids(list));
    expect(data.isSyncCompleted).toBe(true);
    const some = await bob.chat.getConversationList([`C2C${amy.userID}`, 'C2Cnobody']);
    expect(ids(some.data.conversationList)).toEqual([`C2C${amy.userID}`]);
    expect((await bob.chat.getConversationList([])).data.conversationList).toEqual([]);

    // The sender's side: read by nobody yet, nothing unread, own message shown.
    const amyList = (await amy.chat.getConversationList()).data.conversationList;
    expect(find(amyList, `C2C${bob.userID}`)).toMatchObject({
      unreadCount: 0,
      lastMessage: { fromAccount: amy.userID, messageForShow: 'from amy', isPeerRead: false },
    });
  });

  it('RD2 SDK11 unread is live; setMessageRead clears it everywhere and the peer gets MESSAGE_READ_BY_PEER', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = await loggedIn(server, a);
    const bob = await loggedIn(server, b);
    const bob2 = await loggedIn(server, b);
    const sent = [await sendText(amy, b, 'one'), await sendText(amy, b, 'two'), await sendText(amy, b, 'three')];
    for (const tab of [bob, bob2]) await tab.waitFor<number>(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (n) => n === 3);
    expect(bob.chat.getTotalUnreadMessageCount()).toBe(3);
    expect(find((await bob.chat.getConversationList()).data.conversationList, `C2C${a}`)?.unreadCount).toBe(3);
    expect(sent.every((m) => !m.isPeerRead)).toBe(true);

    const from = bob.mark();
    const from2 = bob2.mark();
    await expect(bob.chat.setMessageRead({ conversationID: `C2C${a}` })).resolves.toEqual({ code: 0, data: {} });
    expect(bob.chat.getTotalUnreadMessageCount()).toBe(0);
    await bob.waitFor<number>(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (n) => n === 0, { from });
    await bob2.waitFor<number>(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (n) => n === 0, { from: from2 });
    expect(find((await bob2.chat.getConversationList()).data.conversationList, `C2C${a}`)?.unreadCount).toBe(0);

    const read = await amy.waitFor<Message[]>(EVENT.MESSAGE_READ_BY_PEER, (list) => list.length === 3);
    expect(read).toEqual(sent);
    expect(read.every((m) => m.isPeerRead)).toBe(true);
    await amy.waitFor<Conversation[]>(
      EVENT.CONVERSATION_LIST_UPDATED,
      (list) => find(list, `C2C${b}`)?.lastMessage.isPeerRead === true,
    );
    // A message of mine listed later carries the flag too.
    const history = await amy.chat.getMessageList({ conversationID: `C2C${b}` });
    expect(history.data.messageList.map((m) => m.isPeerRead)).toEqual([true, true, true]);

    // Sending marks my side read: bob's reply leaves bob with nothing unread.
    await sendText(bob, a, 'reply');
    await amy.waitFor<number>(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (n) => n === 1);
  });

  it('CONV1 SDK12 pinning puts a conversation first; AcceptNotNotify leaves the total; both reach the other tab', async () => {
    const { amy, bob, carl } = await threeUsers();
    const bob2 = await loggedIn(server, bob.userID);
    const amyID = `C2C${amy.userID}`;
    const carlID = `C2C${carl.userID}`;
    expect(ids((await bob2.chat.getConversationList()).data.conversationList)).toEqual([carlID, amyID]);

    await expect(bob.chat.pinConversation({ conversationID: amyID, isPinned: true })).resolves.toEqual({
      code: 0,
      data: { conversationID: amyID },
    });
    for (const tab of [bob, bob2]) {
      const list = await tab.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => l[0]?.isPinned === true);
      expect(ids(list)).toEqual([amyID, carlID]);
    }

    const remind = await bob.chat.setMessageRemindType({
      userIDList: [carl.userID],
      messageRemindType: TYPES.MSG_REMIND_ACPT_NOT_NOTE,
    });
    expect(remind.data).toEqual({ successUserIDList: [{ userID: carl.userID }], failureUserIDList: [] });
    for (const tab of [bob, bob2]) {
      await tab.waitFor<Conversation[]>(
        EVENT.CONVERSATION_LIST_UPDATED,
        (l) => find(l, carlID)?.messageRemindType === TYPES.MSG_REMIND_ACPT_NOT_NOTE,
      );
      await tab.waitFor<number>(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (n) => n === 1);
      expect(tab.chat.getTotalUnreadMessageCount()).toBe(1);
    }

    const from = bob.mark();
    await bob.chat.pinConversation({ conversationID: amyID, isPinned: false });
    const list = await bob.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => !l[0]?.isPinned, { from });
    expect(ids(list)).toEqual([carlID, amyID]);
  });

  it('CONV2 SDK13 deleting a conversation drops it and its history in every tab, until a new message', async () => {
    const { amy, bob, carl } = await threeUsers();
    const bob2 = await loggedIn(server, bob.userID);
    const amyID = `C2C${amy.userID}`;
    const marks = [bob.mark(), bob2.mark()];
    await expect(bob.chat.deleteConversation(amyID)).resolves.toEqual({ code: 0, data: { conversationID: amyID } });
    for (const [i, tab] of [bob, bob2].entries()) {
      const from = marks[i] ?? 0;
      const list = await tab.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => !ids(l).includes(amyID), {
        from,
      });
      expect(ids(list)).toEqual([`C2C${carl.userID}`]);
      await tab.waitFor<number>(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (n) => n === 1, { from });
    }
    expect((await bob.chat.getMessageList({ conversationID: amyID })).data.messageList).toEqual([]);

    const before = [bob.mark(), bob2.mark()];
    const again = await sendText(amy, bob.userID, 'are you there?');
    for (const [i, tab] of [bob, bob2].entries()) {
      const [got] = await tab.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (l) => l.some((m) => m.ID === again.ID));
      expect(got?.sequence).toBe(2);
      const list = await tab.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => ids(l).includes(amyID), {
        from: before[i] ?? 0,
      });
      expect(find(list, amyID)).toMatchObject({ unreadCount: 1, lastMessage: { messageForShow: 'are you there?' } });
    }
    const history = await bob.chat.getMessageList({ conversationID: amyID });
    expect(history.data.messageList.map((m) => m.ID)).toEqual([again.ID]);

    const both = [amyID, `C2C${carl.userID}`];
    const emptied = bob2.mark();
    await expect(bob.chat.deleteConversation({ conversationIDList: both })).resolves.toEqual({
      code: 0,
      data: { conversationIDList: both },
    });
    await bob2.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => l.length === 0, { from: emptied });
    expect(bob.chat.getTotalUnreadMessageCount()).toBe(0);
  });

  it('CONV3 SDK14 getConversationProfile works for a known conversation and for a peer never messaged', async () => {
    const { amy, bob } = await threeUsers();
    const [dave = ''] = await makeUsers(server, 'dave');
    const known = await bob.chat.getConversationProfile(`C2C${amy.userID}`);
    expect(known.data.conversation).toMatchObject({ conversationID: `C2C${amy.userID}`, unreadCount: 1 });
    const fresh = await bob.chat.getConversationProfile(`C2C${dave}`);
    expect(fresh.data.conversation).toMatchObject({
      conversationID: `C2C${dave}`,
      type: 'C2C',
      unreadCount: 0,
      userProfile: { userID: dave, nick: `${dave}-nick` },
      lastMessage: { lastTime: 0, messageForShow: '' },
    });
    await expect(bob.chat.getConversationProfile('C2Cno-such-user')).rejects.toMatchObject({ code: 20003 });
    // Not a conversation type at all; GROUP IDs are the groups suites' (SGRP).
    await expect(bob.chat.getConversationProfile('XYZabc')).rejects.toMatchObject({ code: 2503 });
    expect(() => bob.chat.getConversationProfile('')).toThrow('Params validate failed.');
  });

  it('CMP30 getConversationProfile of a peer never messaged adds that conversation to my list, as TIM does', async () => {
    const [a = '', d = ''] = await makeUsers(server, 'amy', 'dave');
    const amy = await loggedIn(server, a);
    const from = amy.mark();
    const { data } = await amy.chat.getConversationProfile(`C2C${d}`);
    // Tencent's React UIKit opens a chat from its "Start chat" panel by this call, then shows the conversation only
    // once CONVERSATION_LIST_UPDATED lists it.
    const list = await amy.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => ids(l).includes(`C2C${d}`), {
      from,
    });
    expect(find(list, `C2C${d}`)).toMatchObject({
      unreadCount: 0,
      userProfile: { userID: d },
      lastMessage: { lastTime: 0 },
    });
    expect(find((await amy.chat.getConversationList()).data.conversationList, `C2C${d}`)).toEqual(data.conversation);
    expect(amy.chat.getTotalUnreadMessageCount()).toBe(0);
    // Local to me: the peer's list stays empty until a message is sent; then both sides have the real row.
    const dave = await loggedIn(server, d);
    expect((await dave.chat.getConversationList()).data.conversationList).toEqual([]);
    await sendText(amy, d, 'first words');
    const mine = await amy.waitFor<Conversation[]>(
      EVENT.CONVERSATION_LIST_UPDATED,
      (l) => find(l, `C2C${d}`)?.lastMessage.messageForShow === 'first words',
    );
    expect(mine.filter((c) => c.conversationID === `C2C${d}`)).toHaveLength(1);
    await dave.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => ids(l).includes(`C2C${a}`));
  });

  it('CMP35 clearHistoryMessage empties my history on all my devices; the conversation stays, the peer keeps theirs', async () => {
    const [a = '', b = '', c = ''] = await makeUsers(server, 'amy', 'bob', 'carl');
    const [amy, amy2, bob, carl] = await Promise.all([
      loggedIn(server, a),
      loggedIn(server, a),
      loggedIn(server, b),
      loggedIn(server, c),
    ]);
    const id = `C2C${b}`;
    await sendText(amy, b, 'one');
    await sendText(bob, a, 'two');
    await amy2.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => find(l, id)?.unreadCount === 1);
    await amy.chat.pinConversation({ conversationID: id, isPinned: true });
    const from = amy2.mark();
    await expect(amy.chat.clearHistoryMessage(id)).resolves.toMatchObject({ code: 0, data: { conversationID: id } });
    const mine = find((await amy.chat.getConversationList()).data.conversationList, id);
    expect(mine).toMatchObject({ unreadCount: 0, isPinned: true, lastMessage: { messageForShow: '', lastTime: 0 } });
    expect((await amy.chat.getMessageList({ conversationID: id })).data.messageList).toEqual([]);
    const other = await amy2.waitFor<Conversation[]>(
      EVENT.CONVERSATION_LIST_UPDATED,
      (l) => find(l, id)?.lastMessage.lastTime === 0,
      { from },
    );
    expect(find(other, id)).toMatchObject({ unreadCount: 0, isPinned: true });
    expect((await amy2.chat.getMessageList({ conversationID: id })).data.messageList).toEqual([]);
    expect(amy.chat.getTotalUnreadMessageCount()).toBe(0);
    // The peer's history is theirs.
    const theirs = await bob.chat.getMessageList({ conversationID: `C2C${a}` });
    expect(theirs.data.messageList.map((m) => m.payload.text)).toEqual(['one', 'two']);
    // A new message shows as usual, alone in my history.
    const later = amy.mark();
    await sendText(bob, a, 'three');
    const after = await amy.waitFor<Conversation[]>(
      EVENT.CONVERSATION_LIST_UPDATED,
      (l) => find(l, id)?.unreadCount === 1,
      { from: later },
    );
    expect(find(after, id)?.lastMessage.messageForShow).toBe('three');
    const fresh = await amy.chat.getMessageList({ conversationID: id });
    expect(fresh.data.messageList.map((m) => m.payload.text)).toEqual(['three']);
    // Only a conversation I have; parameters checked.
    await expect(carl.chat.clearHistoryMessage(`C2C${b}`)).rejects.toMatchObject({ code: 50002 });
    await expect(amy.chat.clearHistoryMessage('XYZabc')).rejects.toMatchObject({ code: 2503 });
    expect(() => amy.chat.clearHistoryMessage('')).toThrow('Params validate failed.');
  });

  it('CONV4 SDK15 pinning or muting a peer never messaged shows the conversation to me only, not to the peer', async () => {
    const [a = '', d = ''] = await makeUsers(server, 'amy', 'dave');
    const amy = await loggedIn(server, a);
    await amy.chat.pinConversation({ conversationID: `C2C${d}`, isPinned: true });
    await amy.chat.setMessageRemindType({ userIDList: [d], messageRemindType: TYPES.MSG_REMIND_ACPT_NOT_NOTE });
    const mine = await amy.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => ids(l).includes(`C2C${d}`));
    expect(find(mine, `C2C${d}`)).toMatchObject({ isPinned: true, unreadCount: 0, lastMessage: { lastTime: 0 } });
    const dave = await loggedIn(server, d);
    expect((await dave.chat.getConversationList()).data.conversationList).toEqual([]);
    // The first real message shows it on both sides.
    await sendText(amy, d, 'hello dave');
    const list = await dave.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) => ids(l).includes(`C2C${a}`));
    expect(find(list, `C2C${a}`)).toMatchObject({ unreadCount: 1, isPinned: false });
  });
});
