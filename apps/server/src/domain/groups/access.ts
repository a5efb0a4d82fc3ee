import { GROUP_ROLE, GROUP_TYPE, ParleyError } from '@parley/protocol';
import type { Repos } from '../ports.ts';
import type { GroupMemberRow, GroupRow } from './ports.ts';

/** The stored conversation key of a group's messages; members see it as `GROUP<groupID>`. */
export const groupKey = (groupID: string) => `group:${groupID}`;
export const groupViewID = (groupID: string) => `GROUP${groupID}`;
export const groupTopic = (groupID: string) => `group:${groupID}`;

/** A live group, locked for the rest of the transaction (PostgreSQL): every group write starts here (GRP2). */
export async function liveGroup(tx: Repos, groupID: string, lock = true): Promise<GroupRow> {
  if (lock) await tx.groups.lock(groupID);
  const group = await tx.groups.get(groupID);
  if (!group) throw ParleyError.of('GROUP_NOT_FOUND');
  if (group.dismissed) throw ParleyError.of('GROUP_NOT_FOUND', 'The group was dismissed');
  return group;
}

/** The caller's membership; a non-member is refused with 10007 (GRP3: roles are read here, never from the client). */
export async function callerIn(tx: Repos, group: GroupRow, userID: string): Promise<GroupMemberRow> {
  const member = await tx.groups.getMember(group.groupID, userID);
  if (!member) throw ParleyError.of('GROUP_NO_PERMISSION', 'You are not a member of this group');
  return member;
}

/** The target's membership: 10019 when the account does not exist, 2623 when it is not in the group. */
export async function targetIn(tx: Repos, group: GroupRow, userID: string): Promise<GroupMemberRow> {
  const member = await tx.groups.getMember(group.groupID, userID);
  if (member) return member;
  if ((await tx.accounts.existing([userID])).size === 0) throw ParleyError.of('GROUP_ACCOUNT_NOT_FOUND');
  throw ParleyError.of('GROUP_MEMBER_NOT_FOUND');
}

export const isManager = (m: GroupMemberRow) => m.role === GROUP_ROLE.OWNER || m.role === GROUP_ROLE.ADMIN;
export const isWork = (g: GroupRow) => g.type === GROUP_TYPE.WORK;
export const isAV = (g: GroupRow) => g.type === GROUP_TYPE.AVCHATROOM;

export function deny(message: string): never {
  throw ParleyError.of('GROUP_NO_PERMISSION', message);
}

export function requireManager(m: GroupMemberRow, what: string): void {
  if (!isManager(m)) deny(`Only the owner or an admin may ${what}`);
}

export function requireOwner(m: GroupMemberRow, what: string): void {
  if (m.role !== GROUP_ROLE.OWNER) deny(`Only the owner may ${what}`);
}

/**
 * Who may act on another member (seed 001 §6): the owner on anyone but itself; an admin on ordinary members only.
 */
export function requireAbove(actor: GroupMemberRow, target: GroupMemberRow, what: string): void {
  if (actor.role === GROUP_ROLE.OWNER && target.role !== GROUP_ROLE.OWNER) return;
  if (actor.role === GROUP_ROLE.ADMIN && target.role === GROUP_ROLE.MEMBER) return;
  deny(
    actor.role === GROUP_ROLE.ADMIN ? `An admin may ${what} ordinary members only` : `You may not ${what} this member`,
  );
}
