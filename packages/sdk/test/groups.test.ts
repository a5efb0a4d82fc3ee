import {
  GROUP_ROLE,
  GROUP_TIP_TYPE,
  GROUP_TYPE,
  JOIN_OPTION,
  JOIN_STATUS,
  MSG_AT_ALL,
  type Group as WireGroup,
  type WireConversation,
} from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import TencentCloudChat, { type Conversation, GROUP_NOTICE_TYPE, type Group, type Message } from '../src/index.ts';
import { GOOD_SIG } from './fake-fetch.ts';
import { FakeSocket, wire } from './fake-socket.ts';
import { destroyInstances, loginReady, newChat, nextEvent } from './helpers.ts';

const { EVENT, TYPES } = TencentCloudChat;

afterEach(destroyInstances);

function wireGroup(fields: Partial<WireGroup> = {}): WireGroup {
  return {
    groupID: 'g1',
    name: 'Team',
    avatar: '',
    type: 'Public',
    introduction: '',
    notification: '',
    ownerID: 'lina',
    createTime: 1,
    infoSequence: 1,
    lastInfoTime: 1,
    selfInfo: {
      messageRemindType: 'AcceptAndNotify',
      joinTime: 5,
      nameCard: '',
      role: 'Member',
      userID: 'zhangwei',
      memberCustomField: [],
      readedSequence: 0,
      excludedUnreadSequenceList: [],
      muteUntil: 0,
    },
    lastMessage: { lastTime: 0, lastSequence: 0, fromAccount: '', messageForShow: '' },
    nextMessageSeq: 1,
    memberCount: 2,
    maxMemberCount: 2000,
    joinOption: 'NeedPermission',
    inviteOption: '',
    groupCustomField: [],
    muteAllMembers: false,
    isSupportTopic: false,
    ...fields,
  };
}

function groupRow(fields: Partial<WireConversation> = {}): WireConversation {
  return {
    conversationID: 'GROUPg1',
    type: 'GROUP',
    groupProfile: wireGroup(),
    groupAtInfoList: [],
    lastMessage: null,
    unreadCount: 0,
    readSequence: 0,
    peerReadSequence: 0,
    lastSequence: 0,
    clearedSequence: 0,
    isPinned: false,
    pinnedAt: 0,
    messageRemindType: 'AcceptAndNotify',
    hidden: false,
    syncVersion: 1,
    ...fields,
  };
}

/** A fake server where zhangwei is in group g1 (with its conversation); `groups` can change between reads. */
async function inGroup() {
  const state = { groups: [wireGroup()] };
  const { chat, server } = newChat({
    'GET /api/v1/groups': () => ({ status: 200, body: { groupList: state.groups, isSyncCompleted: true } }),
    'GET /api/v1/conversations': () => ({
      status: 200,
      body: { conversationList: [groupRow()], syncVersion: 1, isSyncCompleted: true },
    }),
  });
  await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
  return { chat, server, state };
}

const fromLina = (sequence: number, atUserList: string[] = []) =>
  wire({ from: 'lina', to: 'g1', conversationType: 'GROUP', sequence, atUserList });

describe('groups in the SDK (unit, fake server)', () => {
  it('SGRP19 TYPES group values are the reference values and the ones the server speaks', () => {
    expect([TYPES.GRP_WORK, TYPES.GRP_PUBLIC, TYPES.GRP_MEETING, TYPES.GRP_AVCHATROOM]).toEqual([
      'Private',
      'Public',
      'ChatRoom',
      'AVChatRoom',
    ]);
    expect([TYPES.GRP_WORK, TYPES.GRP_PUBLIC, TYPES.GRP_MEETING, TYPES.GRP_AVCHATROOM]).toEqual(
      Object.values(GROUP_TYPE),
    );
    expect([
      TYPES.JOIN_OPTIONS_FREE_ACCESS,
      TYPES.JOIN_OPTIONS_NEED_PERMISSION,
      TYPES.JOIN_OPTIONS_DISABLE_APPLY,
    ]).toEqual(Object.values(JOIN_OPTION));
    expect([TYPES.GRP_MBR_ROLE_OWNER, TYPES.GRP_MBR_ROLE_ADMIN, TYPES.GRP_MBR_ROLE_MEMBER]).toEqual(
      Object.values(GROUP_ROLE),
    );
    expect([TYPES.JOIN_STATUS_SUCCESS, TYPES.JOIN_STATUS_ALREADY_IN_GROUP, TYPES.JOIN_STATUS_WAIT_APPROVAL]).toEqual([
      JOIN_STATUS.SUCCESS,
      JOIN_STATUS.ALREADY_IN_GROUP,
      JOIN_STATUS.WAIT_APPROVAL,
    ]);
    expect([
      TYPES.GRP_TIP_MBR_JOIN,
      TYPES.GRP_TIP_MBR_QUIT,
      TYPES.GRP_TIP_MBR_KICKED_OUT,
      TYPES.GRP_TIP_MBR_SET_ADMIN,
      TYPES.GRP_TIP_MBR_CANCELED_ADMIN,
      TYPES.GRP_TIP_GRP_PROFILE_UPDATED,
      TYPES.GRP_TIP_MBR_PROFILE_UPDATED,
    ]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(Object.values(GROUP_TIP_TYPE)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(TYPES.MSG_AT_ALL).toBe(MSG_AT_ALL);
    expect([TYPES.CONV_AT_ME, TYPES.CONV_AT_ALL, TYPES.CONV_AT_ALL_AT_ME]).toEqual([1, 2, 3]);
    // The reference has no TYPES keys for notice operation types; Parley exports them by name.
    expect(GROUP_NOTICE_TYPE).toMatchObject({ JOIN_REQUEST: 1, KICKED: 4, DISMISSED: 5, QUIT: 8, CUSTOM: 255 });
    expect(Object.keys(TYPES).filter((k) => k.includes('NOTICE'))).toEqual(['MSG_GRP_SYS_NOTICE']);
  });

  it('SGRP14 every group method of the reference is on the instance and rejects 2999 before SDK_READY', async () => {
    const { chat } = newChat();
    const guarded = [
      'createGroup',
      'dismissGroup',
      'searchGroupByID',
      'getGroupList',
      'getGroupProfile',
      'updateGroupProfile',
      'changeGroupOwner',
      'handleGroupApplication',
      'initGroupAttributes',
      'setGroupAttributes',
      'deleteGroupAttributes',
      'getGroupAttributes',
      'getGroupMemberList',
      'getGroupMemberProfile',
      'addGroupMember',
      'deleteGroupMember',
      'setGroupMemberMuteTime',
      'setGroupMemberRole',
      'setGroupMemberNameCard',
      'sendMessageReadReceipt',
      'getMessageReadReceiptList',
      'getGroupMessageReadMemberList',
    ] as const;
    for (const name of guarded) {
      const method = chat[name] as (arg?: unknown) => Promise<unknown>;
      await expect(method.call(chat, {}), name).rejects.toMatchObject({ code: 2999 });
    }
    // Whitelisted by TIM (callable before ready): they reach the server, which refuses the missing userSig.
    for (const name of ['joinGroup', 'quitGroup', 'getGroupOnlineMemberCount'] as const) {
      const arg = name === 'joinGroup' ? { groupID: 'g1' } : 'g1';
      await expect((chat[name] as (a: unknown) => Promise<unknown>).call(chat, arg), name).rejects.not.toMatchObject({
        code: 2999,
      });
    }
  });

  it('SGRP15 bad parameters throw synchronously; the reference SDK-side codes reject without a request', async () => {
    const { chat, server } = await inGroup();
    const throws: (() => unknown)[] = [
      () => chat.createGroup({ name: '' }),
      () => chat.dismissGroup(''),
      () => chat.quitGroup(7 as never),
      () => chat.joinGroup({ groupID: '' }),
      () => chat.getGroupMemberList({ groupID: 'g1', count: 0 }),
      () => chat.setGroupMemberMuteTime({ groupID: 'g1', userID: 'lina', muteTime: -1 }),
      () => chat.setGroupMemberMuteTime({ groupID: 'g1', userID: 'lina', muteTime: 1.5 }),
      () => chat.addGroupMember({ groupID: 'g1', userIDList: [] }),
      () => chat.handleGroupApplication({ handleAction: 'Maybe' as never, message: { payload: {} } }),
      () => chat.getGroupMessageReadMemberList({ message: {} as Message, filter: 0 }),
      () => chat.sendMessageReadReceipt([]),
      () => chat.initGroupAttributes({ groupID: 'g1', groupAttributes: { a: 1 as never } }),
    ];
    for (const call of throws) expect(call).toThrow('Params validate failed.');
    const before = server.requests.length;
    await expect(chat.createGroup({ name: 'x', type: 'Community' })).rejects.toMatchObject({ code: 2600 });
    await expect(chat.changeGroupOwner({ groupID: 'g1', newOwnerID: 'zhangwei' })).rejects.toMatchObject({
      code: 2621,
    });
    await expect(chat.setGroupMemberRole({ groupID: 'g1', userID: 'lina', role: 'Owner' })).rejects.toMatchObject({
      code: 2683,
    });
    await expect(chat.setGroupMemberRole({ groupID: 'g1', userID: 'zhangwei', role: 'Admin' })).rejects.toMatchObject({
      code: 2684,
    });
    await expect(chat.setGroupMemberMuteTime({ groupID: 'g1', userID: 'zhangwei', muteTime: 9 })).rejects.toMatchObject(
      {
        code: 2685,
      },
    );
    const mine = chat.createTextMessage({ to: 'g1', conversationType: 'GROUP', payload: { text: 'x' } });
    await expect(chat.sendMessageReadReceipt([mine])).rejects.toMatchObject({ code: 2114 });
    expect(server.requests.length).toBe(before);
  });

  it('SGRP16 Group and GroupMember objects have the reference field lists; group conversations show groupProfile', async () => {
    const { chat } = await inGroup();
    const { data } = await chat.getGroupList();
    expect(data.isSyncCompleted).toBe(true);
    const [group] = data.groupList as [Group];
    expect(Object.keys(group).sort()).toEqual(
      [
        'groupID',
        'name',
        'avatar',
        'type',
        'introduction',
        'notification',
        'ownerID',
        'createTime',
        'infoSequence',
        'lastInfoTime',
        'selfInfo',
        'lastMessage',
        'nextMessageSeq',
        'memberCount',
        'memberNum',
        'maxMemberCount',
        'maxMemberNum',
        'joinOption',
        'inviteOption',
        'groupCustomField',
        'muteAllMembers',
        'isSupportTopic',
      ].sort(),
    );
    expect(group).toMatchObject({ memberNum: 2, maxMemberNum: 2000, selfInfo: { role: 'Member', muteUntil: 0 } });
    const { conversationList } = (await chat.getConversationList()).data;
    expect(conversationList[0]).toMatchObject({
      conversationID: 'GROUPg1',
      type: TYPES.CONV_GROUP,
      subType: TYPES.GRP_PUBLIC,
      toAccount: 'g1',
      groupProfile: { groupID: 'g1', name: 'Team' },
    });
  });

  it('SGRP17 a mention pushed to me shows in groupAtInfoList at once (AT_ME, AT_ALL, AT_ALL_AT_ME); reading clears it', async () => {
    const { chat } = await inGroup();
    const socket = FakeSocket.last;
    socket.message(fromLina(1, ['zhangwei']));
    socket.message(fromLina(2, [TYPES.MSG_AT_ALL]));
    socket.message(fromLina(3, [TYPES.MSG_AT_ALL, 'zhangwei']));
    socket.message(fromLina(4, ['someone-else']));
    const list = await nextEvent<Conversation[]>(chat, EVENT.CONVERSATION_LIST_UPDATED, (l) => l[0]?.unreadCount === 4);
    expect(list[0]?.groupAtInfoList.map((a) => [a.messageSequence, a.atTypeArray])).toEqual([
      [1, [TYPES.CONV_AT_ME]],
      [2, [TYPES.CONV_AT_ALL]],
      [3, [TYPES.CONV_AT_ALL_AT_ME]],
    ]);
    const mine = chat.createTextMessage({ to: 'g1', conversationType: 'GROUP', payload: { text: 'seen' } });
    mine.status = 'success';
    socket.message(wire({ ID: mine.ID, from: 'zhangwei', to: 'g1', conversationType: 'GROUP', sequence: 5 }));
    const after = await nextEvent<Conversation[]>(
      chat,
      EVENT.CONVERSATION_LIST_UPDATED,
      (l) => l[0]?.unreadCount === 0,
    );
    expect(after[0]?.groupAtInfoList).toEqual([]);
  });

  it('SGRP18 group pushes: attributes, read receipts, and leaving a group drop it and its conversation', async () => {
    const { chat, state } = await inGroup();
    const socket = FakeSocket.last;
    const attrs = nextEvent(chat, EVENT.GROUP_ATTRIBUTES_UPDATED);
    socket.event({
      type: 'group.attributes',
      groupID: 'g1',
      groupAttributes: { k: 'v' },
      updatedKeyList: ['k'],
      deletedKeyList: [],
    });
    expect(await attrs).toEqual({
      groupID: 'g1',
      groupAttributes: { k: 'v' },
      updatedKeyList: ['k'],
      deletedKeyList: [],
    });

    const mine = wire({ from: 'zhangwei', to: 'g1', conversationType: 'GROUP', sequence: 1, needReadReceipt: true });
    socket.message(mine);
    await nextEvent(chat, EVENT.CONVERSATION_LIST_UPDATED, (l: Conversation[]) => l[0]?.lastMessage.lastSequence === 1);
    const receipt = nextEvent(chat, EVENT.MESSAGE_READ_RECEIPT_RECEIVED);
    socket.event({
      type: 'group.read-receipt',
      receipts: [{ groupID: 'g1', messageID: mine.ID, readCount: 1, unreadCount: 0 }],
    });
    expect(await receipt).toEqual([{ groupID: 'g1', messageID: mine.ID, readCount: 1, unreadCount: 0 }]);
    expect(chat.findMessage(mine.ID)?.readReceiptInfo).toMatchObject({ readCount: 1, unreadCount: 0 });

    state.groups = [];
    const gone = nextEvent<Group[]>(chat, EVENT.GROUP_LIST_UPDATED, (l) => l.length === 0);
    socket.event({ type: 'group.changed', groupID: 'g1', isMember: false });
    await gone;
    const { conversationList } = (await chat.getConversationList()).data;
    expect(conversationList.map((c) => c.conversationID)).toEqual([]);
  });

  it('SGRP4 a failed group list does not fail the login: isSyncCompleted stays false until a refresh succeeds', async () => {
    let up = false;
    const { chat } = newChat({
      'GET /api/v1/groups': () =>
        up
          ? { status: 200, body: { groupList: [wireGroup()], isSyncCompleted: true } }
          : { status: 500, body: { code: 20005, message: 'Internal server error' } },
    });
    await expect(loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG })).resolves.toMatchObject({ code: 0 });
    expect(chat.isReady()).toBe(true);
    expect((await chat.getGroupList()).data).toEqual({ groupList: [], isSyncCompleted: false });
    up = true;
    const listed = nextEvent<Group[]>(chat, EVENT.GROUP_LIST_UPDATED, (l) => l.length === 1);
    FakeSocket.last.event({ type: 'group.changed', groupID: 'g1', isMember: true });
    expect((await listed)[0]?.groupID).toBe('g1');
    expect((await chat.getGroupList()).data.isSyncCompleted).toBe(true);
  });

  it('SGRP4 only tips that change what I see re-read the group list: not another member made admin', async () => {
    const { chat, server, state } = await inGroup();
    const reads = () => server.requests.filter((r) => r.path === '/api/v1/groups').length;
    await nextEvent(chat, EVENT.GROUP_LIST_UPDATED);
    const before = reads();
    const tip = (sequence: number, userID: string) =>
      wire({
        from: 'lina',
        to: 'g1',
        conversationType: 'GROUP',
        sequence,
        type: TYPES.MSG_GRP_TIP,
        payload: { operationType: TYPES.GRP_TIP_MBR_SET_ADMIN, userIDList: [userID], memberList: [] },
      });
    const selfInfo = { ...wireGroup().selfInfo, role: 'Admin' };
    state.groups = [wireGroup({ selfInfo })];
    const promoted = nextEvent<Group[]>(chat, EVENT.GROUP_LIST_UPDATED, (l) => l[0]?.selfInfo.role === 'Admin');
    FakeSocket.last.message(tip(1, 'someone-else'));
    FakeSocket.last.message(tip(2, 'zhangwei'));
    await promoted;
    expect(reads() - before).toBe(1);
  });
});
