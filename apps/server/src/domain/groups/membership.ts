import {
  DEFAULT_APPLY_MESSAGE,
  GROUP_NOTICE_TYPE,
  GROUP_ROLE,
  GROUP_TIP_TYPE,
  GROUP_TYPE,
  type Group,
  HANDLE_ACTION,
  INVITE_OPTION,
  JOIN_OPTION,
  JOIN_STATUS,
  type JoinStatus,
  ParleyError,
} from '@parley/protocol';
import type { Domain } from '../context.ts';
import { userTopic } from '../context.ts';
import { callerIn, deny, isAV, isWork, liveGroup, requireAbove, requireManager, targetIn } from './access.ts';
import { atGroupCap, consentOf, requireGroupRoom, writeMemberTip } from './churn.ts';
import { emitChanged, writeNotice, writeTip } from './events.ts';
import { checkBytes } from './lifecycle.ts';
import { inviteMembers } from './invitations.ts';
import { blockersAmong } from '../contacts/block-cache.ts';
import { addMemberRow, groupCommit, removeMemberRow } from './members.ts';
// Calls signalling: a member who leaves the group leaves its calls (SIG28)
import { leaveGroupCalls } from '../calls/group-leave.ts';
import { groupFor } from './queries.ts';

/**
 * joinGroup (GRP7): Work groups are invite only and DisableApply refuses (10007); FreeAccess (and every AVChatRoom)
 * joins at once with a tip; NeedPermission files an application that reaches the owner and admins as notice 1.
 */
export async function joinGroup(
  d: Domain,
  userID: string,
  groupID: string,
  applyMessage: string | undefined,
): Promise<{ status: JoinStatus; group?: Group }> {
  checkBytes(d, { applyMessage });
  const status = await groupCommit(d, async (g): Promise<JoinStatus> => {
    const group = await liveGroup(g.tx, groupID);
    if (await g.tx.groups.getMember(groupID, userID)) return JOIN_STATUS.ALREADY_IN_GROUP;
    if (isWork(group)) deny('Work groups are invite only');
    const option = isAV(group) ? JOIN_OPTION.FREE_ACCESS : group.joinOption;
    if (option === JOIN_OPTION.DISABLE_APPLY) deny('This group does not accept applications');
    // At the cap an application is refused too: its approval could not make a member (ABU22).
    await requireGroupRoom(g, userID);
    if (option === JOIN_OPTION.FREE_ACCESS) {
      await addMemberRow(g, group, userID, GROUP_ROLE.MEMBER);
      await writeMemberTip(g, group, userID, userID, 'join');
      emitChanged(g, userID, groupID, true);
      return JOIN_STATUS.SUCCESS;
    }
    const pending = await g.tx.groups.getApplication(groupID, userID);
    const message = applyMessage || DEFAULT_APPLY_MESSAGE;
    await g.tx.groups.putApplication({
      groupID,
      applicant: userID,
      message,
      createdAt: g.now,
      status: 'pending',
      handledBy: '',
      kind: 'join',
      inviter: '',
    });
    // Applying again while pending updates the text; the owner and admins are told once.
    if (pending?.status !== 'pending') {
      for (const manager of await g.tx.groups.managers(groupID)) {
        await writeNotice(g, manager, group, userID, {
          operationType: GROUP_NOTICE_TYPE.JOIN_REQUEST,
          applicant: userID,
          applyMessage: message,
        });
      }
    }
    return JOIN_STATUS.WAIT_APPROVAL;
  });
  if (status === JOIN_STATUS.WAIT_APPROVAL) return { status };
  return { status, group: await groupFor(d, groupID, userID) };
}

/**
 * handleGroupApplication (GRP7): the owner or an admin answers a pending application once; a second answer (or
 * another admin's at the same moment: the group row is locked) gets 10024 and changes nothing.
 */
export async function handleApplication(
  d: Domain,
  userID: string,
  groupID: string,
  input: { applicant: string; handleAction: string; handleMessage?: string | undefined },
): Promise<{ group: Group }> {
  await groupCommit(d, async (g) => {
    const group = await liveGroup(g.tx, groupID);
    requireManager(await callerIn(g.tx, group, userID), 'answer join applications');
    const application = await g.tx.groups.getApplication(groupID, input.applicant);
    // An invitation is answered by its invitee only (handleGroupInvitation, GRP23).
    if (application?.kind !== 'join' || application.status !== 'pending')
      throw ParleyError.of('GROUP_APPLICATION_HANDLED');
    const agree = input.handleAction === HANDLE_ACTION.AGREE;
    await g.tx.groups.putApplication({ ...application, status: input.handleAction, handledBy: userID });
    const handleMessage = input.handleMessage ?? '';
    if (agree && !(await g.tx.groups.getMember(groupID, input.applicant))) {
      await addMemberRow(g, group, input.applicant, GROUP_ROLE.MEMBER);
      // The applicant joined (GRP8, KGRP16): the tip's operator is the applicant, as in a free join, so every client
      // renders 'X joined' and never 'the admin invited X'. Who approved is in the applicant's notice 2.
      await writeMemberTip(g, group, input.applicant, input.applicant, 'join');
      emitChanged(g, input.applicant, groupID, true);
    }
    await writeNotice(g, input.applicant, group, userID, {
      operationType: agree ? GROUP_NOTICE_TYPE.JOIN_AGREED : GROUP_NOTICE_TYPE.JOIN_REFUSED,
      handleMessage,
    });
    for (const manager of await g.tx.groups.managers(groupID)) {
      g.emit(userTopic(manager), {
        type: 'group.application-handled',
        groupID,
        applicant: input.applicant,
        handleAction: input.handleAction,
      });
    }
  });
  return { group: await groupFor(d, groupID, userID) };
}

/**
 * quitGroup (GRP5): any member; the owner only of a Work group (elsewhere it transfers or dismisses, 10009). A
 * Work group's owner who quits hands the group to the longest-standing member; the last one out dismisses it.
 */
export async function quitGroup(d: Domain, userID: string, groupID: string): Promise<{ groupID: string }> {
  await groupCommit(d, async (g) => {
    const group = await liveGroup(g.tx, groupID);
    const me = await callerIn(g.tx, group, userID);
    if (me.role === GROUP_ROLE.OWNER && group.type !== GROUP_TYPE.WORK) throw ParleyError.of('GROUP_OWNER_CANNOT_QUIT');
    await removeMemberRow(g, group, userID);
    await writeNotice(g, userID, group, userID, { operationType: GROUP_NOTICE_TYPE.QUIT });
    emitChanged(g, userID, groupID, false);
    if (group.memberCount === 0) {
      await g.tx.groups.update(groupID, { dismissed: true });
      return;
    }
    await writeMemberTip(g, group, userID, userID, 'quit');
    if (me.role === GROUP_ROLE.OWNER) {
      const [heir] = await g.tx.groups.members(groupID, 0, 1);
      if (!heir) return;
      await g.tx.groups.updateMember(groupID, heir.userID, { role: GROUP_ROLE.OWNER });
      group.ownerID = heir.userID;
      await g.tx.groups.update(groupID, { ownerID: heir.userID, infoSeq: group.infoSeq + 1, lastInfoTime: g.now });
      await writeTip(g, group, userID, {
        operationType: GROUP_TIP_TYPE.GRP_PROFILE_UPDATED,
        newGroupProfile: { ownerID: heir.userID },
      });
    }
  });
  await leaveGroupCalls(d, groupID, [userID]);
  return { groupID };
}

/**
 * addGroupMember (GRP7): Work groups only (seed 001 §6), by any member (the owner only under DisableInvite, GRP20);
 * AVChatRoom 2661; the others 10007. Existing members are reported, not re-added; an unknown account fails the call
 * (10019), and so does one whose `allowType` is DenyAny (30516, ABU25), before anything is written. Under
 * NeedPermission, and for users whose `allowType` is NeedConfirm, the new ones are invited instead (GRP23) and listed
 * in `pendingUserIDList`; users already in as many groups as allowed are left out in `overLimitUserIDList` (ABU22).
 */
export async function addMembers(d: Domain, userID: string, groupID: string, userIDList: readonly string[]) {
  const asked = [...new Set(userIDList)];
  // Users who blocked the caller are neither added nor invited (ABU12); they come back in failureUserIDList.
  const blocked = await blockersAmong(d, userID, asked);
  const ids = asked.filter((u) => !blocked.has(u));
  const result = await groupCommit(d, async (g) => {
    const group = await liveGroup(g.tx, groupID);
    const me = await callerIn(g.tx, group, userID);
    if (isAV(group)) throw ParleyError.of('GROUP_CANNOT_ADD_MEMBER_IN_AV');
    if (!isWork(group)) deny('Members can be added to Work groups only; others join or apply');
    if (group.inviteOption === INVITE_OPTION.DISABLE_INVITE && me.role === GROUP_ROLE.MEMBER)
      deny('Only the owner may add members to this group (DisableInvite)');
    const existing = await g.tx.accounts.existing(ids);
    const missing = ids.find((u) => !existing.has(u));
    if (missing) throw ParleyError.of('GROUP_ACCOUNT_NOT_FOUND', undefined, { userID: missing });
    const already = new Set((await g.tx.groups.membersByID(groupID, ids)).map((m) => m.userID));
    const newcomers = ids.filter((u) => !already.has(u));
    const { confirm } = await consentOf(g, newcomers);
    const overLimit = await atGroupCap(g, newcomers);
    const fresh = newcomers.filter((u) => !overLimit.has(u));
    if (group.memberCount + fresh.length > group.maxMembers) throw ParleyError.of('GROUP_FULL');
    const lists = { existedUserIDList: [...already], overLimitUserIDList: [...overLimit] };
    if (group.inviteOption === INVITE_OPTION.NEED_PERMISSION) {
      const pendingUserIDList = await inviteMembers(g, group, userID, fresh);
      return { successUserIDList: [] as string[], ...lists, pendingUserIDList };
    }
    const pendingUserIDList = await inviteMembers(
      g,
      group,
      userID,
      fresh.filter((u) => confirm.has(u)),
    );
    const added = fresh.filter((u) => !confirm.has(u));
    for (const u of added) await addMemberRow(g, group, u, GROUP_ROLE.MEMBER);
    if (added.length > 0)
      await writeTip(g, group, userID, { operationType: GROUP_TIP_TYPE.MBR_JOIN, userIDList: added });
    for (const u of added) {
      await writeNotice(g, u, group, userID, { operationType: GROUP_NOTICE_TYPE.INVITED });
      emitChanged(g, u, groupID, true);
    }
    return { successUserIDList: added, ...lists, pendingUserIDList };
  });
  return { ...result, failureUserIDList: [...blocked], group: await groupFor(d, groupID, userID) };
}

/**
 * deleteGroupMember (GRP7): the owner removes anyone but itself, an admin ordinary members only. Every target is
 * checked before anything is removed: one refusal fails the call whole (2623 not in the group, 10019 no account).
 */
export async function deleteMembers(d: Domain, userID: string, groupID: string, userIDList: readonly string[]) {
  const ids = [...new Set(userIDList)];
  await groupCommit(d, async (g) => {
    const group = await liveGroup(g.tx, groupID);
    const me = await callerIn(g.tx, group, userID);
    requireManager(me, 'remove members');
    if (ids.includes(userID)) throw ParleyError.of('GROUP_INVALID_PARAMETER', 'Use quitGroup to leave the group');
    const targets = [];
    for (const u of ids) targets.push(await targetIn(g.tx, group, u));
    for (const t of targets) requireAbove(me, t, 'remove');
    for (const t of targets) await removeMemberRow(g, group, t.userID);
    await writeTip(g, group, userID, { operationType: GROUP_TIP_TYPE.MBR_KICKED_OUT, userIDList: ids });
    for (const u of ids) {
      await writeNotice(g, u, group, userID, { operationType: GROUP_NOTICE_TYPE.KICKED });
      emitChanged(g, u, groupID, false);
    }
  });
  await leaveGroupCalls(d, groupID, ids);
  return { group: await groupFor(d, groupID, userID), userIDList: ids };
}
