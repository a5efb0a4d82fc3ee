import {
  GROUP_LIMITS,
  GROUP_NOTICE_TYPE,
  GROUP_ROLE,
  GROUP_TIP_TYPE,
  type Group,
  type GroupMember,
  ParleyError,
} from '@parley/protocol';
import type { Domain } from '../context.ts';
import {
  callerIn,
  deny,
  isAV,
  isWork,
  liveGroup,
  requireAbove,
  requireManager,
  requireOwner,
  targetIn,
} from './access.ts';
import { type CustomField, mergeFields } from './custom-fields.ts';
import { emitChanged, emitGroupChanged, type GroupTx, writeNotice, writeTip } from './events.ts';
import { checkBytes } from './lifecycle.ts';
import { groupCommit } from './members.ts';
import type { GroupFields, GroupRow } from './ports.ts';
import { groupFor } from './queries.ts';
import { toGroupMember } from './view.ts';

async function bumpInfo(g: GroupTx, group: GroupRow): Promise<void> {
  group.infoSeq += 1;
  group.lastInfoTime = g.now;
  await g.tx.groups.update(group.groupID, { infoSeq: group.infoSeq, lastInfoTime: g.now });
}

async function memberAnswer(d: Domain, viewer: string, groupID: string, userID: string) {
  const row = await d.storage.groups.getMember(groupID, userID);
  if (!row) throw ParleyError.of('GROUP_MEMBER_NOT_FOUND');
  const member: GroupMember = toGroupMember(row, await d.storage.profiles.get(userID));
  return { group: await groupFor(d, groupID, viewer), member };
}

/** changeGroupOwner (GRP7): owner only; not an AVChatRoom (2620), not to itself (2621), to a member (2623). */
export async function changeOwner(d: Domain, userID: string, groupID: string, newOwnerID: string) {
  await groupCommit(d, async (g) => {
    const group = await liveGroup(g.tx, groupID);
    requireOwner(await callerIn(g.tx, group, userID), 'transfer the group');
    if (isAV(group)) throw ParleyError.of('GROUP_CANNOT_CHANGE_OWNER_IN_AV');
    if (newOwnerID === userID) throw ParleyError.of('GROUP_CANNOT_CHANGE_OWNER_TO_SELF');
    await targetIn(g.tx, group, newOwnerID);
    await g.tx.groups.updateMember(groupID, newOwnerID, { role: GROUP_ROLE.OWNER });
    await g.tx.groups.updateMember(groupID, userID, { role: GROUP_ROLE.MEMBER });
    group.ownerID = newOwnerID;
    await g.tx.groups.update(groupID, { ownerID: newOwnerID });
    await bumpInfo(g, group);
    await writeTip(g, group, userID, {
      operationType: GROUP_TIP_TYPE.GRP_PROFILE_UPDATED,
      newGroupProfile: { ownerID: newOwnerID },
    });
    emitGroupChanged(g, groupID);
  });
  return { group: await groupFor(d, groupID, userID) };
}

/** setGroupMemberRole (GRP7): owner only, not in Work groups, never its own role (2684). */
export async function setRole(d: Domain, userID: string, groupID: string, target: string, role: string) {
  await groupCommit(d, async (g) => {
    const group = await liveGroup(g.tx, groupID);
    requireOwner(await callerIn(g.tx, group, userID), 'set or unset admins');
    if (isWork(group)) deny('Work groups have no admins');
    if (target === userID) throw ParleyError.of('GROUP_CANNOT_SET_SELF_ROLE');
    const member = await targetIn(g.tx, group, target);
    if (member.role === role) return;
    await g.tx.groups.updateMember(groupID, target, { role });
    const admin = role === GROUP_ROLE.ADMIN;
    await writeTip(g, group, userID, {
      operationType: admin ? GROUP_TIP_TYPE.MBR_SET_ADMIN : GROUP_TIP_TYPE.MBR_CANCELED_ADMIN,
      userIDList: [target],
    });
    await writeNotice(g, target, group, userID, {
      operationType: admin ? GROUP_NOTICE_TYPE.SET_ADMIN : GROUP_NOTICE_TYPE.CANCELED_ADMIN,
    });
    emitChanged(g, target, groupID, true);
  });
  return memberAnswer(d, userID, groupID, target);
}

/**
 * setGroupMemberMuteTime (GRP7): owner or admin, not in Work groups; an admin mutes ordinary members only, the owner
 * admins and members; never oneself (2685). 0 unmutes; more than a year is refused (10004).
 */
export async function muteMember(d: Domain, userID: string, groupID: string, target: string, muteTime: number) {
  if (muteTime > GROUP_LIMITS.maxMuteSeconds)
    throw ParleyError.of('GROUP_INVALID_PARAMETER', `muteTime is at most ${GROUP_LIMITS.maxMuteSeconds} seconds`);
  await groupCommit(d, async (g) => {
    const group = await liveGroup(g.tx, groupID);
    const me = await callerIn(g.tx, group, userID);
    requireManager(me, 'mute members');
    if (isWork(group)) deny('Members of Work groups cannot be muted');
    if (target === userID) throw ParleyError.of('GROUP_CANNOT_MUTE_SELF');
    requireAbove(me, await targetIn(g.tx, group, target), 'mute');
    await g.tx.groups.updateMember(groupID, target, { muteUntil: muteTime === 0 ? 0 : g.now + muteTime });
    await writeTip(g, group, userID, {
      operationType: GROUP_TIP_TYPE.MBR_PROFILE_UPDATED,
      userIDList: [target],
      muteTime,
    });
    emitChanged(g, target, groupID, true);
  });
  return memberAnswer(d, userID, groupID, target);
}

export interface ProfilePatch {
  name?: string | undefined;
  avatar?: string | undefined;
  introduction?: string | undefined;
  notification?: string | undefined;
  muteAllMembers?: boolean | undefined;
  joinOption?: string | undefined;
  inviteOption?: string | undefined;
  groupCustomField?: CustomField[] | undefined;
}

/** The fields that really change: name and notification only when non-empty and different (seed 001 §5). */
function changesOf(group: GroupRow, p: ProfilePatch): ProfilePatch {
  const c: ProfilePatch = {};
  if (p.name && p.name !== group.name) c.name = p.name;
  if (p.notification && p.notification !== group.notification) c.notification = p.notification;
  if (p.introduction !== undefined && p.introduction !== group.introduction) c.introduction = p.introduction;
  if (p.avatar !== undefined && p.avatar !== group.avatar) c.avatar = p.avatar;
  if (p.muteAllMembers !== undefined && p.muteAllMembers !== group.muteAll) c.muteAllMembers = p.muteAllMembers;
  if (p.joinOption !== undefined && p.joinOption !== group.joinOption) c.joinOption = p.joinOption;
  if (p.inviteOption !== undefined && p.inviteOption !== group.inviteOption) c.inviteOption = p.inviteOption;
  return c;
}

/** The invite option (GRP20): only Work groups take invitations (NeedPermission: the invitee consents, GRP23). */
function checkInviteOption(group: GroupRow): void {
  if (!isWork(group)) deny('Only Work groups take invitations');
}

/**
 * updateGroupProfile (GRP7): owner or admin. Mute All is not for Work groups; a Work group's join option stays
 * invite only. One tip per call names what changed (mute all, name, notification).
 */
export async function updateProfile(d: Domain, userID: string, groupID: string, patch: ProfilePatch): Promise<Group> {
  checkBytes(d, { name: patch.name, introduction: patch.introduction, notification: patch.notification });
  await groupCommit(d, async (g) => {
    const group = await liveGroup(g.tx, groupID);
    requireManager(await callerIn(g.tx, group, userID), 'edit the group profile');
    const c = changesOf(group, patch);
    if (isWork(group) && c.muteAllMembers !== undefined) deny('Work groups cannot be muted');
    if (isWork(group) && c.joinOption !== undefined) deny('Work groups are invite only');
    if (isAV(group) && c.joinOption !== undefined) deny('An AVChatRoom is free to join');
    if (c.inviteOption !== undefined) checkInviteOption(group);
    const customFields = mergeFields(group.customFields, patch.groupCustomField ?? [], 'group');
    if (Object.keys(c).length === 0 && customFields === undefined) return;
    const { muteAllMembers, ...rest } = c;
    const fields = {
      ...rest,
      ...(muteAllMembers === undefined ? {} : { muteAll: muteAllMembers }),
      ...(customFields === undefined ? {} : { customFields }),
    } as GroupFields;
    await g.tx.groups.update(groupID, fields);
    Object.assign(group, fields);
    await bumpInfo(g, group);
    const shown = {
      ...(c.name === undefined ? {} : { groupName: c.name }),
      ...(c.notification === undefined ? {} : { notification: c.notification }),
      ...(c.muteAllMembers === undefined ? {} : { muteAllMembers: c.muteAllMembers }),
    };
    if (Object.keys(shown).length > 0)
      await writeTip(g, group, userID, { operationType: GROUP_TIP_TYPE.GRP_PROFILE_UPDATED, newGroupProfile: shown });
    emitGroupChanged(g, groupID);
  });
  return groupFor(d, groupID, userID);
}

/** setGroupMemberNameCard (GRP7): my own as any member; another's as its owner or admin (above it). */
export async function setNameCard(d: Domain, userID: string, groupID: string, target: string, nameCard: string) {
  checkBytes(d, { nameCard });
  await groupCommit(d, async (g) => {
    const group = await liveGroup(g.tx, groupID);
    const me = await callerIn(g.tx, group, userID);
    if (target !== userID) requireAbove(me, await targetIn(g.tx, group, target), 'set the name card of');
    await g.tx.groups.updateMember(groupID, target, { nameCard });
    emitChanged(g, target, groupID, true);
  });
  return memberAnswer(d, userID, groupID, target);
}

/**
 * setGroupMemberCustomField (GRP19): my own fields as any member; another's as its owner or admin (above it), like
 * the name card. Merged by key; an empty value deletes the key.
 */
export async function setMemberCustomField(
  d: Domain,
  userID: string,
  groupID: string,
  target: string,
  memberCustomField: CustomField[],
) {
  await groupCommit(d, async (g) => {
    const group = await liveGroup(g.tx, groupID);
    const me = await callerIn(g.tx, group, userID);
    const member = target === userID ? me : await targetIn(g.tx, group, target);
    if (target !== userID) requireAbove(me, member, 'set the custom fields of');
    const customFields = mergeFields(member.customFields, memberCustomField, 'member');
    if (customFields === undefined) return;
    await g.tx.groups.updateMember(groupID, target, { customFields });
    emitChanged(g, target, groupID, true);
  });
  return memberAnswer(d, userID, groupID, target);
}
