import TencentCloudChat, { type Conversation, type Message } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { loggedIn, type TestClient } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;

describe.each(BACKENDS)('SDK group features against the real server [%s]', (backend) => {
  const server = useServer(backend);

  async function group(n: number, type: string = TYPES.GRP_PUBLIC) {
    const ids = await makeUsers(server, ...['amy', 'bob', 'carl', 'dan', 'eve'].slice(0, n));
    const clients = await Promise.all(ids.map((id) => loggedIn(server, id)));
    const [owner] = clients as [TestClient];
    const memberList = ids.slice(1).map((userID) => ({ userID }));
    const { data } = await owner.chat.createGroup({ name: 'G', type, memberList });
    return { clients, groupID: data.group.groupID };
  }

  const say = async (c: TestClient, groupID: string, text: string, extra: { needReadReceipt?: boolean } = {}) =>
    (
      await c.chat.sendMessage(
        c.chat.createTextMessage({ to: groupID, conversationType: 'GROUP', payload: { text }, ...extra }),
      )
    ).data.message;

  it('SGRP8 createTextAtMessage marks groupAtInfoList AT_ME / AT_ALL / AT_ALL_AT_ME until read; strangers are refused', async () => {
    const { clients, groupID } = await group(3);
    const [amy, bob, carl] = clients as [TestClient, TestClient, TestClient];
    const cid = `GROUP${groupID}`;
    const at = (list: string[]) =>
      amy.chat.createTextAtMessage({
        to: groupID,
        conversationType: 'GROUP',
        payload: { text: '@', atUserList: list },
      });
    await amy.chat.sendMessage(at([bob.userID]));
    await amy.chat.sendMessage(at([TYPES.MSG_AT_ALL, bob.userID]));
    await amy.chat.sendMessage(at([TYPES.MSG_AT_ALL]));
    const conv = (c: TestClient, n: number) =>
      c.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) =>
        l.some((x) => x.conversationID === cid && x.groupAtInfoList.length === n),
      );
    const bobList = (await conv(bob, 3)).find((c) => c.conversationID === cid);
    expect(bobList?.groupAtInfoList.map((a) => a.atTypeArray)).toEqual([
      [TYPES.CONV_AT_ME],
      [TYPES.CONV_AT_ALL_AT_ME],
      [TYPES.CONV_AT_ALL],
    ]);
    expect(bobList?.groupAtInfoList[0]).toMatchObject({ from: amy.userID, groupID });
    const carlList = (await conv(carl, 2)).find((c) => c.conversationID === cid);
    expect(carlList?.groupAtInfoList.map((a) => a.atTypeArray)).toEqual([[TYPES.CONV_AT_ALL], [TYPES.CONV_AT_ALL]]);
    const filtered = await bob.chat.getConversationList({ hasGroupAtInfo: true });
    expect(filtered.data.conversationList.map((c) => c.conversationID)).toEqual([cid]);

    await bob.chat.setMessageRead({ conversationID: cid });
    await conv(bob, 0);
    const [outsider = ''] = await makeUsers(server, 'out');
    await expect(amy.chat.sendMessage(at([outsider]))).rejects.toMatchObject({ code: 2623 });
  });

  it('SGRP9 members: getGroupMemberList pages with offset, getGroupMemberProfile, setGroupMemberNameCard, addGroupMember', async () => {
    const { clients, groupID } = await group(4, TYPES.GRP_WORK);
    const [amy, bob] = clients as [TestClient, TestClient];
    const first = await amy.chat.getGroupMemberList({ groupID, count: 3 });
    expect(first.data.memberList).toHaveLength(3);
    expect(first.data.offset).toBe(3);
    const rest = await amy.chat.getGroupMemberList({ groupID, count: 3, offset: first.data.offset });
    expect(rest.data.memberList).toHaveLength(1);
    expect(rest.data.offset).toBe(0);
    const all = [...first.data.memberList, ...rest.data.memberList];
    expect(new Set(all.map((m) => m.userID)).size).toBe(4);
    expect(all.find((m) => m.userID === amy.userID)).toMatchObject({ role: 'Owner', nick: `${amy.userID}-nick` });
    expect(Object.keys(all[0] ?? {}).sort()).toEqual([
      'avatar',
      'isOnline',
      'joinTime',
      'lastSendMsgTime',
      'memberCustomField',
      'muteUntil',
      'nameCard',
      'nick',
      'role',
      'userID',
    ]);

    const card = await bob.chat.setGroupMemberNameCard({ groupID, nameCard: 'Bobby' });
    expect(card.data.member).toMatchObject({ userID: bob.userID, nameCard: 'Bobby' });
    const sent = await say(bob, groupID, 'named');
    expect(sent.nameCard).toBe('Bobby');
    const profiles = await amy.chat.getGroupMemberProfile({ groupID, userIDList: [bob.userID] });
    expect(profiles.data.memberList).toMatchObject([{ userID: bob.userID, nameCard: 'Bobby' }]);

    const [newcomer = ''] = await makeUsers(server, 'fay');
    const added = await bob.chat.addGroupMember({ groupID, userIDList: [newcomer, amy.userID] });
    expect(added.data).toMatchObject({ successUserIDList: [newcomer], existedUserIDList: [amy.userID] });
    expect(added.data.group.memberCount).toBe(5);
  });

  it('SGRP20 custom fields reach the server and come back: createGroup, updateGroupProfile, setGroupMemberCustomField, filters', async () => {
    const ids = await makeUsers(server, 'amy', 'bob');
    const [amy, bob] = (await Promise.all(ids.map((id) => loggedIn(server, id)))) as [TestClient, TestClient];
    const f = (key: string, value: string) => ({ key, value });
    const { data } = await amy.chat.createGroup({
      name: 'G',
      type: TYPES.GRP_WORK,
      groupCustomField: [f('city', '太原'), f('level', '1')],
      memberList: [{ userID: bob.userID, memberCustomField: [f('team', 'red')] }],
    });
    const groupID = data.group.groupID;
    expect(data.group.groupCustomField).toEqual([f('city', '太原'), f('level', '1')]);
    expect(data.group.inviteOption).toBe(TYPES.INVITE_OPTIONS_FREE_ACCESS);
    const updated = await amy.chat.updateGroupProfile({
      groupID,
      groupCustomField: [f('level', '2')],
      inviteOption: TYPES.INVITE_OPTIONS_DISABLE_INVITE,
    });
    expect(updated.data.group.groupCustomField).toEqual([f('city', '太原'), f('level', '2')]);
    expect(updated.data.group.inviteOption).toBe('DisableInvite');
    const set = await bob.chat.setGroupMemberCustomField({ groupID, memberCustomField: [f('team', 'blue')] });
    expect(set.data.member.memberCustomField).toEqual([f('team', 'blue')]);
    const filtered = await bob.chat.getGroupProfile({
      groupID,
      groupCustomFieldFilter: ['level'],
      memberCustomFieldFilter: [],
    });
    expect([filtered.data.group.groupCustomField, filtered.data.group.selfInfo.memberCustomField]).toEqual([
      [f('level', '2')],
      [],
    ]);
    const whole = await bob.chat.getGroupProfile({ groupID });
    expect(whole.data.group.selfInfo.memberCustomField).toEqual([f('team', 'blue')]);
    const members = await amy.chat.getGroupMemberProfile({
      groupID,
      userIDList: [bob.userID],
      memberCustomFieldFilter: ['team', 'other'],
    });
    expect(members.data.memberList[0]?.memberCustomField).toEqual([f('team', 'blue')]);
    // Malformed parameters throw at once, as the reference's validator does.
    expect(() => amy.chat.setGroupMemberCustomField({ groupID, memberCustomField: 'x' as never })).toThrow(
      'Params validate failed.',
    );
    await expect(
      bob.chat.setGroupMemberCustomField({ groupID, userID: amy.userID, memberCustomField: [f('team', 'x')] }),
    ).rejects.toMatchObject({ code: 10007 });
  });

  it('SGRP10 group attributes: init, set, get, delete, and GROUP_ATTRIBUTES_UPDATED reaches the members', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const [amy, bob] = await Promise.all([loggedIn(server, a), loggedIn(server, b)]);
    const { groupID } = (await amy.chat.createGroup({ name: 'Live', type: TYPES.GRP_AVCHATROOM })).data.group;
    await amy.chat.joinGroup({ groupID, type: TYPES.GRP_AVCHATROOM });
    await bob.chat.joinGroup({ groupID, type: TYPES.GRP_AVCHATROOM });
    const init = await amy.chat.initGroupAttributes({ groupID, groupAttributes: { a: '1', b: '2' } });
    expect(init).toEqual({ code: 0, data: { groupAttributes: { a: '1', b: '2' } } });
    await bob.waitFor(
      EVENT.GROUP_ATTRIBUTES_UPDATED,
      (d: { groupAttributes: Record<string, string> }) => d.groupAttributes.b === '2',
    );
    await amy.chat.setGroupAttributes({ groupID, groupAttributes: { a: '9' } });
    const got = await bob.chat.getGroupAttributes({ groupID, keyList: ['a'] });
    expect(got.data.groupAttributes).toEqual({ a: '9' });
    const deleted = await amy.chat.deleteGroupAttributes({ groupID, keyList: ['b'] });
    expect(deleted.data.keyList).toEqual(['b']);
    const change = await bob.waitFor<{ groupID: string; deletedKeyList: string[] }>(
      EVENT.GROUP_ATTRIBUTES_UPDATED,
      (d) => d.deletedKeyList.includes('b'),
    );
    expect(change.groupID).toBe(groupID);
    expect((await bob.chat.getGroupAttributes({ groupID, keyList: [] })).data.groupAttributes).toEqual({ a: '9' });
  });

  it('SGRP11 read receipts: counts after members read out of order, MESSAGE_READ_RECEIPT_RECEIVED, read lists', async () => {
    const { clients, groupID } = await group(4);
    const [amy, bob, carl, dan] = clients as [TestClient, TestClient, TestClient, TestClient];
    const first = await say(amy, groupID, 'first', { needReadReceipt: true });
    const second = await say(amy, groupID, 'second', { needReadReceipt: true });
    const inbound = async (c: TestClient) => {
      const got = await c.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (ms) => ms.some((m) => m.ID === second.ID));
      return got.find((m) => m.ID === second.ID) as Message;
    };
    const carlsSecond = await inbound(carl);
    await expect(carl.chat.sendMessageReadReceipt([carlsSecond])).resolves.toEqual({ code: 0, data: {} });
    const receipt = await amy.waitFor<{ messageID: string; readCount: number }[]>(
      EVENT.MESSAGE_READ_RECEIPT_RECEIVED,
      (l) => l.some((r) => r.messageID === second.ID && r.readCount === 1),
    );
    expect(receipt.find((r) => r.messageID === second.ID)).toEqual({
      groupID,
      messageID: second.ID,
      readCount: 1,
      unreadCount: 2,
    });
    const bobsFirst = (
      await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (ms) => ms.some((m) => m.ID === first.ID))
    ).find((m) => m.ID === first.ID) as Message;
    await bob.chat.sendMessageReadReceipt([bobsFirst]);
    await inbound(dan);

    const { data } = await amy.chat.getMessageReadReceiptList([first, second]);
    expect(data.messageList.map((m) => m.readReceiptInfo.readCount)).toEqual([2, 1]);
    expect(data.messageList.map((m) => m.readReceiptInfo.unreadCount)).toEqual([1, 2]);
    const read = await amy.chat.getGroupMessageReadMemberList({ message: second, filter: 0, cursor: '', count: 15 });
    expect(read.data).toEqual({ messageID: second.ID, readUserIDList: [carl.userID], cursor: '', isCompleted: true });
    const unread = await amy.chat.getGroupMessageReadMemberList({ message: second, filter: 1, cursor: '' });
    expect(unread.data.unreadUserIDList?.sort()).toEqual([bob.userID, dan.userID].sort());
    await expect(amy.chat.sendMessageReadReceipt([second])).rejects.toMatchObject({ code: 2114 });
  });

  it('SGRP12 after a connection cut, missed group messages, tips and system notices arrive once and in order', async () => {
    const { clients, groupID } = await group(3);
    const [amy, bob, carl] = clients as [TestClient, TestClient, TestClient];
    const [d = ''] = await makeUsers(server, 'dan');
    const dan = await loggedIn(server, d);
    await say(amy, groupID, 'before');
    const amyFrom = amy.mark();
    await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (ms) => ms.some((m) => m.payload.text === 'before'));
    const from = bob.mark();
    server.dropConnections();
    await say(amy, groupID, 'm1');
    await amy.chat.setGroupMemberRole({ groupID, userID: carl.userID, role: 'Admin' });
    await say(amy, groupID, 'm2');
    expect((await dan.chat.joinGroup({ groupID, applyMessage: 'while you were away' })).data.status).toBe(
      TYPES.JOIN_STATUS_WAIT_APPROVAL,
    );
    const notices = await amy.waitFor<Message[]>(
      EVENT.MESSAGE_RECEIVED,
      (ms) => ms.some((m) => m.type === TYPES.MSG_GRP_SYS_NOTICE && m.payload.applicant === dan.userID),
      { from: amyFrom },
    );
    expect(notices.find((m) => m.type === TYPES.MSG_GRP_SYS_NOTICE)?.conversationID).toBe(TYPES.CONV_SYSTEM);
    await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, (ms) => ms.some((m) => m.payload.text === 'm2'), { from });
    const stream = bob.received().filter((m) => m.conversationID === `GROUP${groupID}`);
    const seqs = stream.map((m) => m.sequence);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
    const after = stream.slice(stream.findIndex((m) => m.payload.text === 'before') + 1);
    expect(after.map((m) => (m.type === TYPES.MSG_GRP_TIP ? `tip${m.payload.operationType}` : m.payload.text))).toEqual(
      ['m1', `tip${TYPES.GRP_TIP_MBR_SET_ADMIN}`, 'm2'],
    );
  });

  it('SGRP13 SDK-side refusals reject with the reference codes before any request; bad input gets the server codes', async () => {
    const { clients, groupID } = await group(2);
    const [amy, bob] = clients as [TestClient, TestClient];
    await expect(amy.chat.createGroup({ name: 'x', type: 'Nope' })).rejects.toMatchObject({ code: 2600 });
    await expect(amy.chat.changeGroupOwner({ groupID, newOwnerID: amy.userID })).rejects.toMatchObject({ code: 2621 });
    await expect(amy.chat.setGroupMemberRole({ groupID, userID: amy.userID, role: 'Admin' })).rejects.toMatchObject({
      code: 2684,
    });
    await expect(amy.chat.setGroupMemberRole({ groupID, userID: bob.userID, role: 'Owner' })).rejects.toMatchObject({
      code: 2683,
    });
    await expect(amy.chat.setGroupMemberMuteTime({ groupID, userID: amy.userID, muteTime: 60 })).rejects.toMatchObject({
      code: 2685,
    });
    expect(() => amy.chat.setGroupMemberMuteTime({ groupID, userID: bob.userID, muteTime: -1 })).toThrow(
      'Params validate failed.',
    );
    expect(() => amy.chat.dismissGroup('')).toThrow('Params validate failed.');
    await expect(amy.chat.getGroupProfile({ groupID: 'no_such_group' })).rejects.toMatchObject({ code: 10010 });
    await expect(amy.chat.setGroupMemberMuteTime({ groupID, userID: 'stranger', muteTime: 60 })).rejects.toMatchObject({
      code: 10019,
    });
    const [outsider = ''] = await makeUsers(server, 'out');
    await expect(amy.chat.setGroupMemberMuteTime({ groupID, userID: outsider, muteTime: 60 })).rejects.toMatchObject({
      code: 2623,
    });
    await expect(
      amy.chat.setGroupMemberMuteTime({ groupID, userID: bob.userID, muteTime: 10 ** 9 }),
    ).rejects.toMatchObject({
      code: 10004,
    });
    await expect(bob.chat.dismissGroup(groupID)).rejects.toMatchObject({ code: 10007 });
    expect((await amy.chat.getGroupOnlineMemberCount(groupID)).data.memberCount).toBeGreaterThanOrEqual(1);
    expect((await bob.chat.searchGroupByID(groupID)).data.group.groupID).toBe(groupID);
  });
});
