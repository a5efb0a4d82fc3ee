import TencentCloudChat, { type Conversation, GROUP_APPLICATION_HANDLED, type Group, type Message } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { loggedIn, type TestClient } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;

const notice = (op: number) => (ms: Message[]) =>
  ms.some((m) => m.type === TYPES.MSG_GRP_SYS_NOTICE && m.payload.operationType === op);
const tip = (op: number) => (ms: Message[]) =>
  ms.some((m) => m.type === TYPES.MSG_GRP_TIP && m.payload.operationType === op);
const inList = (groupID: string) => (l: Group[]) => l.some((g) => g.groupID === groupID);
const notInList = (groupID: string) => (l: Group[]) => !l.some((g) => g.groupID === groupID);

describe.each(BACKENDS)('SDK group flows against the real server [%s]', (backend) => {
  const server = useServer(backend);

  async function users(...names: string[]): Promise<TestClient[]> {
    const ids = await makeUsers(server, ...names);
    return Promise.all(ids.map((id) => loggedIn(server, id)));
  }

  it('SGRP5 joinGroup: free access joins at once; needs permission applies, the owner gets notice 1 and agrees', async () => {
    const [amy, bob, carl] = (await users('amy', 'bob', 'carl')) as [TestClient, TestClient, TestClient];
    const free = (await amy.chat.createGroup({ name: 'Open', type: TYPES.GRP_PUBLIC, joinOption: 'FreeAccess' })).data
      .group;
    const joined = await bob.chat.joinGroup({ groupID: free.groupID });
    expect(joined).toMatchObject({
      code: 0,
      data: { status: TYPES.JOIN_STATUS_SUCCESS, group: { groupID: free.groupID } },
    });
    await bob.waitFor<Group[]>(EVENT.GROUP_LIST_UPDATED, inList(free.groupID));
    await amy.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, tip(TYPES.GRP_TIP_MBR_JOIN));
    const again = await bob.chat.joinGroup({ groupID: free.groupID });
    expect(again.data.status).toBe(TYPES.JOIN_STATUS_ALREADY_IN_GROUP);

    const closed = (
      await amy.chat.createGroup({ name: 'Closed', type: TYPES.GRP_PUBLIC, joinOption: 'NeedPermission' })
    ).data.group;
    const applied = await carl.chat.joinGroup({ groupID: closed.groupID, applyMessage: 'let me in' });
    expect(applied).toEqual({ code: 0, data: { status: TYPES.JOIN_STATUS_WAIT_APPROVAL } });
    const delivered = await amy.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, notice(1));
    const request = delivered.find((m) => m.payload.operationType === 1);
    expect(request).toMatchObject({
      conversationID: TYPES.CONV_SYSTEM,
      type: TYPES.MSG_GRP_SYS_NOTICE,
      payload: {
        operationType: 1,
        applicant: carl.userID,
        applyMessage: 'let me in',
        groupProfile: { groupID: closed.groupID },
      },
    });
    // The system conversation lists the notice, with its unread count, and pages its history like any other.
    const system = await amy.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) =>
      l.some((c) => c.conversationID === TYPES.CONV_SYSTEM && c.unreadCount > 0),
    );
    expect(system.find((c) => c.conversationID === TYPES.CONV_SYSTEM)?.type).toBe(TYPES.CONV_SYSTEM);
    const notices = await amy.chat.getMessageList({ conversationID: TYPES.CONV_SYSTEM });
    expect(notices.data.messageList.map((m) => m.ID)).toContain(request?.ID);
    const apps = await amy.chat.getGroupApplicationList();
    expect(apps.data.applicationList.map((a) => a.applicant)).toEqual([carl.userID]);

    const handled = await amy.chat.handleGroupApplication({ handleAction: 'Agree', message: request as Message });
    expect(handled.code).toBe(0);
    expect(handled.data.group.groupID).toBe(closed.groupID);
    await carl.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, notice(2));
    await carl.waitFor<Group[]>(EVENT.GROUP_LIST_UPDATED, inList(closed.groupID));
    await expect(
      amy.chat.handleGroupApplication({ handleAction: 'Reject', message: request as Message }),
    ).rejects.toMatchObject({ code: 10024 });
  });

  it('SGRP21 invitations under NeedPermission: notice 12 to the invitee, callExperimentalAPI handleGroupInvitation joins once, the inviter gets 13', async () => {
    const [amy, bob] = (await users('amy', 'bob')) as [TestClient, TestClient];
    const { group } = (await amy.chat.createGroup({ name: 'Team', type: TYPES.GRP_WORK })).data;
    await amy.chat.updateGroupProfile({ groupID: group.groupID, inviteOption: 'NeedPermission' });
    const added = await amy.chat.addGroupMember({ groupID: group.groupID, userIDList: [bob.userID] });
    expect([added.data.successUserIDList, added.data.pendingUserIDList]).toEqual([[], [bob.userID]]);
    const delivered = await bob.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, notice(12));
    const invitation = delivered.find((m) => m.payload.operationType === 12) as Message;
    // KGRP11: the answer is announced to the invitee's instances (Parley's own event).
    const announced = new Promise<unknown>((resolve) => bob.chat.on(GROUP_APPLICATION_HANDLED, (e) => resolve(e.data)));
    expect(invitation.payload).toMatchObject({ operatorID: amy.userID, groupProfile: { groupID: group.groupID } });
    const accepted = (await bob.chat.callExperimentalAPI('handleGroupInvitation', {
      handleAction: 'Agree',
      message: invitation,
    })) as { code: number; data: { group?: Group } };
    expect([accepted.code, accepted.data.group?.groupID]).toEqual([0, group.groupID]);
    await bob.waitFor<Group[]>(EVENT.GROUP_LIST_UPDATED, inList(group.groupID));
    expect(await announced).toEqual({ groupID: group.groupID, applicant: bob.userID, handleAction: 'Agree' });
    await bob.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) =>
      l.some((c) => c.conversationID === `GROUP${group.groupID}`),
    );
    const told = await amy.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, notice(13));
    expect(told.find((m) => m.payload.operationType === 13)?.payload.operatorID).toBe(bob.userID);
    await expect(
      bob.chat.callExperimentalAPI('handleGroupInvitation', {
        handleAction: 'Reject',
        message: invitation,
      }) as Promise<unknown>,
    ).rejects.toMatchObject({ code: 10024 });
  });

  it('SGRP6 tips arrive as TIMGroupTipElem in the group stream: admin set, mute with muteTime, profile updated', async () => {
    const [amy, bob, carl] = (await users('amy', 'bob', 'carl')) as [TestClient, TestClient, TestClient];
    const { group } = (
      await amy.chat.createGroup({
        name: 'Tips',
        type: TYPES.GRP_PUBLIC,
        memberList: [{ userID: bob.userID }, { userID: carl.userID }],
      })
    ).data;
    const role = await amy.chat.setGroupMemberRole({ groupID: group.groupID, userID: bob.userID, role: 'Admin' });
    expect(role.data.member).toMatchObject({ userID: bob.userID, role: TYPES.GRP_MBR_ROLE_ADMIN });
    const [setAdmin] = await carl.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, tip(TYPES.GRP_TIP_MBR_SET_ADMIN));
    expect(setAdmin).toMatchObject({ conversationID: `GROUP${group.groupID}`, payload: { userIDList: [bob.userID] } });
    await bob.waitFor<Group[]>(EVENT.GROUP_LIST_UPDATED, (l) =>
      l.some((g) => g.groupID === group.groupID && g.selfInfo.role === TYPES.GRP_MBR_ROLE_ADMIN),
    );

    const mute = await bob.chat.setGroupMemberMuteTime({ groupID: group.groupID, userID: carl.userID, muteTime: 600 });
    expect(mute.data.member.muteUntil).toBeGreaterThan(Date.now() / 1000 + 500);
    const muted = await carl.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, tip(TYPES.GRP_TIP_MBR_PROFILE_UPDATED));
    const muteTip = muted.find((m) => m.payload.operationType === TYPES.GRP_TIP_MBR_PROFILE_UPDATED);
    expect(muteTip?.payload.memberList).toMatchObject([{ userID: carl.userID, muteTime: 600 }]);
    const list = await carl.waitFor<Group[]>(EVENT.GROUP_LIST_UPDATED, (l) =>
      l.some((g) => g.groupID === group.groupID && g.selfInfo.muteUntil > 0),
    );
    expect(list.find((g) => g.groupID === group.groupID)?.selfInfo.muteUntil).toBe(mute.data.member.muteUntil);
    const said = carl.chat.createTextMessage({ to: group.groupID, conversationType: 'GROUP', payload: { text: 'x' } });
    await expect(carl.chat.sendMessage(said)).rejects.toMatchObject({ code: 10017 });
    expect(said.status).toBe('fail');

    const updated = await amy.chat.updateGroupProfile({ groupID: group.groupID, muteAllMembers: true, name: 'Quiet' });
    expect(updated.data.group).toMatchObject({ name: 'Quiet', muteAllMembers: true });
    const [profileTip] = await carl.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, tip(TYPES.GRP_TIP_GRP_PROFILE_UPDATED));
    expect(profileTip?.payload.newGroupProfile).toMatchObject({ muteAllMembers: true });
  });

  it('SGRP7 changeGroupOwner, quitGroup, deleteGroupMember and dismissGroup answer as the reference and notify', async () => {
    const [amy, bob, carl] = (await users('amy', 'bob', 'carl')) as [TestClient, TestClient, TestClient];
    const { group } = (
      await amy.chat.createGroup({
        name: 'Life',
        type: TYPES.GRP_PUBLIC,
        memberList: [{ userID: bob.userID }, { userID: carl.userID }],
      })
    ).data;
    const { groupID } = group;
    await expect(amy.chat.quitGroup(groupID)).rejects.toMatchObject({ code: 10009 });
    const owner = await amy.chat.changeGroupOwner({ groupID, newOwnerID: bob.userID });
    expect(owner.data.group.ownerID).toBe(bob.userID);
    await bob.waitFor<Group[]>(EVENT.GROUP_LIST_UPDATED, (l) =>
      l.some((g) => g.groupID === groupID && g.selfInfo.role === TYPES.GRP_MBR_ROLE_OWNER),
    );
    await expect(amy.chat.quitGroup(groupID)).resolves.toEqual({ code: 0, data: { groupID } });
    await amy.waitFor<Group[]>(EVENT.GROUP_LIST_UPDATED, notInList(groupID));
    expect((await amy.chat.getConversationList([`GROUP${groupID}`])).data.conversationList).toEqual([]);

    const removed = await bob.chat.deleteGroupMember({ groupID, userIDList: [carl.userID] });
    expect(removed.data).toMatchObject({ userIDList: [carl.userID], group: { groupID } });
    await carl.waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, notice(4));
    await carl.waitFor<Group[]>(EVENT.GROUP_LIST_UPDATED, notInList(groupID));

    await expect(bob.chat.dismissGroup(groupID)).resolves.toEqual({ code: 0, data: { groupID } });
    await expect(bob.chat.getGroupProfile({ groupID })).rejects.toMatchObject({ code: 10010 });
  });

  it('SGRP5 two admins answering one application at once: one succeeds, the other gets 10024, one member added', async () => {
    const [amy, bob, carl] = (await users('amy', 'bob', 'carl')) as [TestClient, TestClient, TestClient];
    const { group } = (
      await amy.chat.createGroup({
        name: 'Gate',
        type: TYPES.GRP_PUBLIC,
        joinOption: 'NeedPermission',
        memberList: [{ userID: bob.userID, role: 'Admin' }],
      })
    ).data;
    await carl.chat.joinGroup({ groupID: group.groupID });
    const asked = (c: TestClient) =>
      c
        .waitFor<Message[]>(EVENT.MESSAGE_RECEIVED, notice(1))
        .then((ms) => ms.find((m) => m.payload.operationType === 1) as Message);
    const [forAmy, forBob] = await Promise.all([asked(amy), asked(bob)]);
    const answers = await Promise.allSettled([
      amy.chat.handleGroupApplication({ handleAction: 'Agree', message: forAmy }),
      bob.chat.handleGroupApplication({ handleAction: 'Reject', message: forBob }),
    ]);
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const refused = answers.find((a) => a.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 10024 });
    const { memberList } = (await amy.chat.getGroupMemberList({ groupID: group.groupID, count: 100 })).data;
    const agreed = answers[0].status === 'fulfilled';
    expect(memberList.some((m) => m.userID === carl.userID)).toBe(agreed);
    expect(memberList).toHaveLength(agreed ? 3 : 2);
  });
});
