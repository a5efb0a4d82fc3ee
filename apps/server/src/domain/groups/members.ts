import { GROUP_ROLE, GROUP_TYPE, ParleyError } from '@parley/protocol';
import { commit, type Domain, nowSeconds } from '../context.ts';
import { groupKey, groupViewID } from './access.ts';
import type { GroupTx } from './events.ts';
import { requireGroupRoom } from './churn.ts';
import type { GroupRow } from './ports.ts';

/** Runs a group action in one transaction; its events leave after the commit (EV1). */
export function groupCommit<T>(d: Domain, fn: (g: GroupTx) => Promise<T>): Promise<T> {
  const now = nowSeconds(d);
  return commit(d, (tx, emit) => fn({ tx, emit, now, churn: d.groupChurn }));
}

/**
 * Adds one member: the group row, the member's conversation row and the count, in the caller's transaction; a user
 * already in as many groups as allowed is refused with 10037 (ABU22).
 * History before the join (rule GRP6): a Work group's new member sees it; in the other types history starts at
 * the join (the conversation's cleared position is the last sequence at the join).
 */
export async function addMemberRow(
  g: GroupTx,
  group: GroupRow,
  userID: string,
  role: string,
  customFields = '[]',
): Promise<void> {
  if (group.memberCount >= group.maxMembers) throw ParleyError.of('GROUP_FULL');
  await requireGroupRoom(g, userID);
  const key = groupKey(group.groupID);
  const conversation = await g.tx.conversations.get(key);
  const lastSeq = conversation?.lastSeq ?? 0;
  // A mute kept when the member left runs on (ABU10): quitting and joining again never ends it early.
  const keptMute = await g.tx.groups.takeMute(group.groupID, userID);
  await g.tx.groups.addMember({
    groupID: group.groupID,
    userID,
    role,
    joinTime: g.now,
    joinSeq: lastSeq,
    muteUntil: keptMute > g.now ? keptMute : 0,
    nameCard: '',
    customFields,
    lastSendTime: 0,
  });
  await g.tx.conversations.ensureMember({
    conversationID: key,
    userID,
    viewID: groupViewID(group.groupID),
    peerID: null,
  });
  const clearedSeq = group.type === GROUP_TYPE.WORK ? 0 : lastSeq;
  await g.tx.conversations.touch(userID, groupViewID(group.groupID), { readSeq: lastSeq, clearedSeq, hidden: false });
  group.memberCount += 1;
  await g.tx.groups.update(group.groupID, { memberCount: group.memberCount });
}

/**
 * Removes one member and its conversation row (it no longer sees the group's messages). A mute still running is
 * kept beside the group (ABU10), whoever removes the member, so joining again brings it back.
 */
export async function removeMemberRow(g: GroupTx, group: GroupRow, userID: string): Promise<void> {
  const member = await g.tx.groups.getMember(group.groupID, userID);
  if (member && member.muteUntil > g.now) await g.tx.groups.keepMute(group.groupID, userID, member.muteUntil);
  await g.tx.groups.removeMember(group.groupID, userID);
  // Its history and catch-up end here: without the row every read of the conversation is empty (GRP6).
  await g.tx.conversations.removeMember(userID, groupViewID(group.groupID));
  group.memberCount -= 1;
  await g.tx.groups.update(group.groupID, { memberCount: group.memberCount });
}

export const ROLE_ORDER = [GROUP_ROLE.OWNER, GROUP_ROLE.ADMIN, GROUP_ROLE.MEMBER] as const;
