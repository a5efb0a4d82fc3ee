import TencentCloudChat, { type Conversation, type Group, type Message } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { destroyClients, loggedIn, type TestClient } from './support/client.ts';
import { BACKENDS, makeUsers, startServer, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;

describe.each(BACKENDS)('SDK groups against the real server [%s]', (backend) => {
  const server = useServer(backend);

  async function three(): Promise<[TestClient, TestClient, TestClient]> {
    const [a = '', b = '', c = ''] = await makeUsers(server, 'amy', 'bob', 'carl');
    return Promise.all([loggedIn(server, a), loggedIn(server, b), loggedIn(server, c)]);
  }

  it('SGRP1 createGroup answers {code: 0, data: {group, overLimitUserIDList}} with the reference Group fields', async () => {
    const [amy, bob] = await three();
    const res = await amy.chat.createGroup({
      name: 'Team',
      type: TYPES.GRP_PUBLIC,
      joinOption: TYPES.JOIN_OPTIONS_NEED_PERMISSION,
      memberList: [{ userID: bob.userID }],
    });
    expect(res.code).toBe(0);
    const { group } = res.data;
    expect(res.data.overLimitUserIDList).toEqual([]);
    expect(group).toMatchObject({
      name: 'Team',
      type: 'Public',
      ownerID: amy.userID,
      joinOption: 'NeedPermission',
      memberCount: 2,
      memberNum: 2,
      muteAllMembers: false,
      selfInfo: { role: TYPES.GRP_MBR_ROLE_OWNER, userID: amy.userID },
    });
    expect(group.groupID).not.toBe('');
    const list = await amy.waitFor<Group[]>(EVENT.GROUP_LIST_UPDATED, (l) =>
      l.some((g) => g.groupID === group.groupID),
    );
    expect(list.map((g) => g.name)).toContain('Team');
    await bob.waitFor<Group[]>(EVENT.GROUP_LIST_UPDATED, (l) => l.some((g) => g.groupID === group.groupID));
    const bobs = await bob.chat.getGroupList();
    expect(bobs.data.isSyncCompleted).toBe(true);
    expect(bobs.data.groupList.find((g) => g.groupID === group.groupID)?.selfInfo.role).toBe(TYPES.GRP_MBR_ROLE_MEMBER);
  });

  it('SGRP2 group messages reach every member once, in order, with nick; the sender gets no echo', async () => {
    const [amy, bob, carl] = await three();
    const { data } = await amy.chat.createGroup({
      name: 'Talk',
      type: TYPES.GRP_WORK,
      memberList: [{ userID: bob.userID }, { userID: carl.userID }],
    });
    const groupID = data.group.groupID;
    const texts: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      const m = amy.chat.createTextMessage({ to: groupID, conversationType: TYPES.CONV_GROUP, payload: { text } });
      const sent = await amy.chat.sendMessage(m);
      expect(sent.data.message).toMatchObject({ status: 'success', conversationID: `GROUP${groupID}`, flow: 'out' });
      texts.push(text);
    }
    for (const member of [bob, carl]) {
      await member.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (ms) => ms.some((m) => m.payload.text === 'three'));
      const got = member.received().filter((m) => m.conversationID === `GROUP${groupID}` && m.type === TYPES.MSG_TEXT);
      expect(got.map((m) => m.payload.text)).toEqual(texts);
      expect(got[0]).toMatchObject({ from: amy.userID, to: groupID, nick: `${amy.userID}-nick`, flow: 'in' });
      const sequences = got.map((m) => m.sequence);
      expect([...sequences].sort((x, y) => x - y)).toEqual(sequences);
    }
    expect(amy.received().filter((m) => m.type === TYPES.MSG_TEXT)).toEqual([]);
    const history = await carl.chat.getMessageList({ conversationID: `GROUP${groupID}` });
    expect(history.data.messageList.filter((m) => m.type === TYPES.MSG_TEXT).map((m) => m.payload.text)).toEqual(texts);
  });

  it('SGRP3 a group conversation lists groupProfile with selfInfo.role and muteUntil, counts unread, takes a remind type', async () => {
    const [amy, bob] = await three();
    const { data } = await amy.chat.createGroup({ name: 'Room', memberList: [{ userID: bob.userID }] });
    const groupID = data.group.groupID;
    const m = amy.chat.createTextMessage({ to: groupID, conversationType: TYPES.CONV_GROUP, payload: { text: 'hi' } });
    await amy.chat.sendMessage(m);
    const list = await bob.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) =>
      l.some((c) => c.conversationID === `GROUP${groupID}` && c.lastMessage.messageForShow === 'hi'),
    );
    const conversation = list.find((c) => c.conversationID === `GROUP${groupID}`);
    expect(conversation).toMatchObject({
      type: TYPES.CONV_GROUP,
      subType: TYPES.GRP_WORK,
      toAccount: groupID,
      groupProfile: { groupID, name: 'Room', selfInfo: { role: TYPES.GRP_MBR_ROLE_MEMBER, muteUntil: 0 } },
      lastMessage: { fromAccount: amy.userID },
    });
    expect(conversation?.unreadCount).toBeGreaterThan(0);
    expect(bob.chat.getTotalUnreadMessageCount()).toBe(conversation?.unreadCount);
    // setMessageRemindType({groupID}) answers {group}; a group not notifying leaves the total unread (GRP17).
    const remind = await bob.chat.setMessageRemindType({ groupID, messageRemindType: TYPES.MSG_REMIND_ACPT_NOT_NOTE });
    expect(remind).toMatchObject({
      code: 0,
      data: { group: { groupID, selfInfo: { messageRemindType: 'AcceptNotNotify' } } },
    });
    expect(bob.chat.getTotalUnreadMessageCount()).toBe(0);
    await bob.chat.setMessageRemindType({ groupID, messageRemindType: TYPES.MSG_REMIND_ACPT_AND_NOTE });
    await bob.chat.setMessageRead({ conversationID: `GROUP${groupID}` });
    await bob.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) =>
      l.some((c) => c.conversationID === `GROUP${groupID}` && c.unreadCount === 0),
    );
  });

  it('SGRP13 with PARLEY_GROUP_READ_RECEIPTS=0 the receipt and online-count calls reject 10062 with the seed text', async () => {
    const off = await startServer(backend, undefined, { PARLEY_GROUP_READ_RECEIPTS: '0' });
    try {
      const [a = '', b = ''] = await makeUsers(off, 'amy', 'bob');
      const [amy, bob] = await Promise.all([loggedIn(off, a), loggedIn(off, b)]);
      const { groupID } = (await amy.chat.createGroup({ name: 'Off', memberList: [{ userID: b }] })).data.group;
      const message = amy.chat.createTextMessage({
        to: groupID,
        conversationType: TYPES.CONV_GROUP,
        payload: { text: 'r?' },
        needReadReceipt: true,
      });
      await amy.chat.sendMessage(message);
      const refusal = { code: 10062, message: 'The package you purchased does not support this ability.' };
      await expect(amy.chat.getMessageReadReceiptList([message])).rejects.toMatchObject(refusal);
      await expect(amy.chat.getGroupOnlineMemberCount(groupID)).rejects.toMatchObject(refusal);
      const [got] = await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (ms) => ms.some((m) => m.ID === message.ID));
      await expect(bob.chat.sendMessageReadReceipt([got as Message])).rejects.toMatchObject(refusal);
    } finally {
      await destroyClients();
      await off.close();
    }
  });
});
