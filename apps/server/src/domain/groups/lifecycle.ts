import { randomBytes } from 'node:crypto';
import {
  CONVERSATION_TYPE,
  GENERATED_GROUP_ID_PREFIX,
  GROUP_LIMITS,
  GROUP_MAX_MEMBERS,
  GROUP_NOTICE_TYPE,
  GROUP_ROLE,
  GROUP_TYPE,
  type Group,
  type GroupType,
  INVITE_OPTION,
  JOIN_OPTION,
  ParleyError,
  utf8Length,
} from '@parley/protocol';
import type { Domain } from '../context.ts';
import { callerIn, deny, groupKey, isAV, isWork, liveGroup, requireOwner } from './access.ts';
import { type CustomField, mergeFields } from './custom-fields.ts';
import { atGroupCap, consentOf } from './churn.ts';
import { emitChanged, writeNotice } from './events.ts';
import { inviteMembers } from './invitations.ts';
import { blockersAmong } from '../contacts/block-cache.ts';
import { storedText } from '../messages/content-filter.ts';
import { addMemberRow, groupCommit } from './members.ts';
import type { GroupRow } from './ports.ts';
import { groupFor } from './queries.ts';
// Calls signalling: a dismissed group's calls end (SIG28)
import { leaveGroupCalls } from '../calls/group-leave.ts';

export interface CreateInput {
  name: string;
  type?: GroupType | undefined;
  groupID?: string | undefined;
  introduction?: string | undefined;
  notification?: string | undefined;
  avatar?: string | undefined;
  maxMemberNum?: number | undefined;
  joinOption?: string | undefined;
  memberList?:
    | { userID: string; role?: string | undefined; memberCustomField?: CustomField[] | undefined }[]
    | undefined;
  groupCustomField?: CustomField[] | undefined;
}

/** Byte limits of group strings (reference §5): the schema bounds characters, this the UTF-8 bytes. */
export function checkBytes(d: Pick<Domain, 'contentFilter'>, fields: Record<string, string | undefined>): void {
  const max: Record<string, number> = {
    name: GROUP_LIMITS.nameBytes,
    introduction: GROUP_LIMITS.introductionBytes,
    notification: GROUP_LIMITS.notificationBytes,
    nameCard: GROUP_LIMITS.nameCardBytes,
    applyMessage: GROUP_LIMITS.applyMessageBytes,
  };
  for (const [key, value] of Object.entries(fields)) {
    const limit = max[key];
    if (value !== undefined && limit !== undefined && utf8Length(value) > limit)
      throw ParleyError.of('GROUP_INVALID_PARAMETER', `${key} is longer than ${limit} bytes`);
  }
  // Every member reads these texts: filtered as a message is (ABU18).
  if (d.contentFilter.blocks(storedText(fields))) throw ParleyError.of('PROHIBITED_CONTENT');
}

/** The join option a type allows (GRP4): Work groups are invite only; AVChatRoom is free to join. */
function joinOptionFor(type: GroupType, asked: string | undefined): string {
  if (type === GROUP_TYPE.WORK) {
    if (asked !== undefined && asked !== JOIN_OPTION.DISABLE_APPLY)
      throw ParleyError.of('GROUP_INVALID_PARAMETER', 'Work groups are invite only');
    return JOIN_OPTION.DISABLE_APPLY;
  }
  if (type === GROUP_TYPE.AVCHATROOM) return JOIN_OPTION.FREE_ACCESS;
  return asked ?? JOIN_OPTION.NEED_PERMISSION;
}

function newGroupRow(owner: string, input: CreateInput, groupID: string, now: number): GroupRow {
  const type = input.type ?? GROUP_TYPE.WORK;
  const cap = GROUP_MAX_MEMBERS[type];
  if (input.maxMemberNum !== undefined && input.maxMemberNum > cap)
    throw ParleyError.of('GROUP_INVALID_PARAMETER', `maxMemberNum of a ${type} group is at most ${cap}`);
  return {
    groupID,
    type,
    name: input.name,
    avatar: input.avatar ?? '',
    introduction: input.introduction ?? '',
    notification: input.notification ?? '',
    ownerID: owner,
    joinOption: joinOptionFor(type, input.joinOption),
    maxMembers: input.maxMemberNum ?? cap,
    muteAll: false,
    memberCount: 0,
    createdAt: now,
    infoSeq: 1,
    lastInfoTime: now,
    dismissed: false,
    attributes: '{}',
    // Only Work groups take invitations (GRP20); every member may invite until the owner says otherwise.
    inviteOption: type === GROUP_TYPE.WORK ? INVITE_OPTION.FREE_ACCESS : INVITE_OPTION.DISABLE_INVITE,
    customFields: mergeFields('[]', input.groupCustomField ?? [], 'group') ?? '[]',
  };
}

/**
 * createGroup (GRP4): the creator is the owner and a member from the start, whatever the type; `memberList`
 * (not for AVChatRoom) adds existing accounts, and unknown ones are refused as a whole (10019) so nothing is
 * half-created. Consent and the group cap apply as for addGroupMember (ABU22, ABU25): DenyAny refuses the call
 * (30516), NeedConfirm users are invited (GRP23), users at the cap are left out in `overLimitUserIDList`.
 */
export async function createGroup(
  d: Domain,
  owner: string,
  input: CreateInput,
): Promise<{ group: Group; overLimitUserIDList: string[] }> {
  checkBytes(d, { name: input.name, introduction: input.introduction, notification: input.notification });
  if (input.groupID?.startsWith(GENERATED_GROUP_ID_PREFIX))
    throw ParleyError.of(
      'GROUP_INVALID_PARAMETER',
      `A chosen group ID may not start with ${GENERATED_GROUP_ID_PREFIX}`,
    );
  const others = [...new Set((input.memberList ?? []).map((m) => m.userID))].filter((u) => u !== owner);
  if (input.type === GROUP_TYPE.AVCHATROOM && others.length > 0) throw ParleyError.of('GROUP_CANNOT_ADD_MEMBER_IN_AV');
  const groupID =
    input.groupID ?? `${GENERATED_GROUP_ID_PREFIX}${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
  // Nobody is put in a group by a user they blocked (ABU12): the whole create is refused, as for an unknown user.
  const [blocker] = await blockersAmong(d, owner, others);
  if (blocker) throw ParleyError.of('BLOCKED_BY_RECIPIENT', undefined, { userID: blocker });
  const roles = new Map((input.memberList ?? []).map((m) => [m.userID, m.role ?? GROUP_ROLE.MEMBER]));
  const fields = new Map(
    (input.memberList ?? []).map((m) => [m.userID, mergeFields('[]', m.memberCustomField ?? [], 'member') ?? '[]']),
  );
  const overLimitUserIDList = await groupCommit(d, async (g) => {
    const row = newGroupRow(owner, input, groupID, g.now);
    if (row.type === GROUP_TYPE.WORK && [...roles.values()].includes(GROUP_ROLE.ADMIN))
      throw ParleyError.of('GROUP_INVALID_PARAMETER', 'Work groups have no admins');
    const existing = await g.tx.accounts.existing([owner, ...others]);
    if (!existing.has(owner)) throw ParleyError.of('GROUP_ACCOUNT_NOT_FOUND');
    const missing = others.find((u) => !existing.has(u));
    if (missing) throw ParleyError.of('GROUP_ACCOUNT_NOT_FOUND', undefined, { userID: missing });
    if (others.length + 1 > row.maxMembers) throw ParleyError.of('GROUP_FULL');
    if (await g.tx.groups.get(groupID)) throw ParleyError.of('GROUP_ID_TAKEN');
    const { confirm } = await consentOf(g, others);
    const overLimit = await atGroupCap(g, others);
    await g.tx.groups.create(row);
    await g.tx.conversations.ensure(groupKey(groupID), CONVERSATION_TYPE.GROUP, g.now);
    await addMemberRow(g, row, owner, GROUP_ROLE.OWNER);
    const added = others.filter((u) => !confirm.has(u) && !overLimit.has(u));
    for (const userID of added)
      await addMemberRow(g, row, userID, roles.get(userID) ?? GROUP_ROLE.MEMBER, fields.get(userID));
    await writeNotice(g, owner, row, owner, { operationType: GROUP_NOTICE_TYPE.CREATED });
    emitChanged(g, owner, groupID, true);
    for (const userID of added) {
      await writeNotice(g, userID, row, owner, { operationType: GROUP_NOTICE_TYPE.INVITED });
      emitChanged(g, userID, groupID, true);
    }
    await inviteMembers(
      g,
      row,
      owner,
      others.filter((u) => confirm.has(u) && !overLimit.has(u)),
    );
    return [...overLimit];
  });
  return { group: await groupFor(d, groupID, owner), overLimitUserIDList };
}

/**
 * dismissGroup (GRP5): the owner only, and not a Work group or an AVChatRoom (seed 001 §6). Every member gets
 * notice 5; the row stays, marked dismissed, so later calls answer 10010 'The group was dismissed'.
 */
export async function dismissGroup(d: Domain, userID: string, groupID: string): Promise<{ groupID: string }> {
  await groupCommit(d, async (g) => {
    const group = await liveGroup(g.tx, groupID);
    const me = await callerIn(g.tx, group, userID);
    requireOwner(me, 'dismiss the group');
    if (isWork(group) || isAV(group)) deny(`A ${group.type} group cannot be dismissed`);
    const members = await g.tx.groups.allMemberIDs(groupID);
    for (const member of members) {
      await g.tx.conversations.removeMember(member, `GROUP${groupID}`);
      await writeNotice(g, member, group, userID, { operationType: GROUP_NOTICE_TYPE.DISMISSED });
      emitChanged(g, member, groupID, false);
    }
    await g.tx.groups.removeAllMembers(groupID);
    await g.tx.groups.update(groupID, { dismissed: true, memberCount: 0 });
  });
  await leaveGroupCalls(d, groupID, null);
  return { groupID };
}
