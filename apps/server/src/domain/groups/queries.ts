import {
  type Group,
  type GroupApplication,
  type GroupMember,
  LIMITS,
  ParleyError,
  type WireMessage,
} from '@parley/protocol';
import type { Domain } from '../context.ts';
import { toWire } from '../messages/wire.ts';
import type { Repos } from '../ports.ts';
import { callerIn, deny, groupKey, groupViewID, isManager, isWork, liveGroup } from './access.ts';
import { flushLastSend } from './last-send.ts';
import type { ApplicationRow, GroupMemberRow, GroupRow } from './ports.ts';
import { onlineAmong } from './presence.ts';
import { blockersAmong } from '../contacts/block-cache.ts';
import { toGroup, toGroupMember } from './view.ts';

/** One group as `viewer` sees it: with its `selfInfo` when a member. */
export async function groupView(repos: Repos, group: GroupRow, viewer: string): Promise<Group> {
  const self = await repos.groups.getMember(group.groupID, viewer);
  const selfConversation = self ? await repos.conversations.getMember(viewer, groupViewID(group.groupID)) : undefined;
  const conversation = await repos.conversations.get(groupKey(group.groupID));
  let last: WireMessage | undefined;
  // Non-members see no message, not even the last one's summary.
  if (self && conversation && conversation.lastSeq > (selfConversation?.clearedSeq ?? 0)) {
    const row = await repos.messages.get(conversation.id, conversation.lastSeq);
    last = row ? toWire(row) : undefined;
  }
  return toGroup({ group, self, selfConversation, conversation, last });
}

export async function groupFor(d: Domain, groupID: string, viewer: string): Promise<Group> {
  return groupView(d.storage, await liveGroup(d.storage, groupID, false), viewer);
}

/**
 * getGroupList: one page of the groups I am a member of, by group ID after `cursor` (ABU24). The SDK reads every
 * page, so its answer is still the whole list (reference §5).
 */
export async function getGroupList(
  d: Domain,
  userID: string,
  page: { cursor?: string | undefined; count?: number | undefined } = {},
): Promise<{ groupList: Group[]; isSyncCompleted: boolean; nextCursor: string }> {
  const limit = Math.min(page.count ?? LIMITS.listPage, LIMITS.listPage);
  const groups = await d.storage.groups.groupsOfPage(userID, page.cursor ?? '', limit);
  const groupList: Group[] = [];
  for (const group of groups) groupList.push(await groupView(d.storage, group, userID));
  const last = groups.length === limit ? groups[groups.length - 1]?.groupID : undefined;
  return { groupList, isSyncCompleted: last === undefined, nextCursor: last ?? '' };
}

/** getGroupProfile: members always; non-members only of groups that are not Work groups (GRP3). */
export async function getGroupProfile(d: Domain, userID: string, groupID: string): Promise<Group> {
  const group = await liveGroup(d.storage, groupID, false);
  if (isWork(group) && !(await d.storage.groups.getMember(groupID, userID))) deny('You are not a member of this group');
  return groupView(d.storage, group, userID);
}

/** searchGroupByID: Work groups are not searchable (reference §5), except by their members. */
export async function searchGroup(d: Domain, userID: string, groupID: string): Promise<Group> {
  const group = await liveGroup(d.storage, groupID, false);
  if (isWork(group) && !(await d.storage.groups.getMember(groupID, userID))) throw ParleyError.of('GROUP_NOT_FOUND');
  return groupView(d.storage, group, userID);
}

/** Members as `viewer` sees them: a member who blocked the viewer is never shown online to them (ABU13). */
async function withProfiles(d: Domain, viewer: string, rows: GroupMemberRow[]): Promise<GroupMember[]> {
  const profiles = await d.storage.profiles.getMany(rows.map((r) => r.userID));
  const byID = new Map(profiles.map((p) => [p.userID, p]));
  const ids = rows.map((r) => r.userID);
  const hidden = await blockersAmong(d, viewer, ids);
  const online = await onlineAmong(
    d,
    ids.filter((id) => !hidden.has(id)),
  );
  return rows.map((r) => toGroupMember(r, byID.get(r.userID), online.has(r.userID)));
}

/** getGroupMemberList: members only; 100 per page at most (seed 000 §9), `offset` 0 when this was the last page. */
export async function memberList(
  d: Domain,
  userID: string,
  groupID: string,
  q: { count?: number | undefined; offset?: number | undefined },
): Promise<{ memberList: GroupMember[]; offset: number }> {
  const group = await liveGroup(d.storage, groupID, false);
  await callerIn(d.storage, group, userID);
  const count = Math.min(q.count ?? 15, LIMITS.groupMemberPage);
  const offset = q.offset ?? 0;
  await flushLastSend(d);
  const rows = await d.storage.groups.members(groupID, offset, count);
  const next = rows.length === count && offset + count < group.memberCount ? offset + count : 0;
  return { memberList: await withProfiles(d, userID, rows), offset: next };
}

/** getGroupMemberProfile: members only; IDs not in the group are left out. */
export async function memberProfiles(
  d: Domain,
  userID: string,
  groupID: string,
  userIDList: readonly string[],
): Promise<{ memberList: GroupMember[] }> {
  const group = await liveGroup(d.storage, groupID, false);
  await callerIn(d.storage, group, userID);
  await flushLastSend(d);
  const rows = await d.storage.groups.membersByID(groupID, [...new Set(userIDList)]);
  return { memberList: await withProfiles(d, userID, rows) };
}

/**
 * getGroupApplicationList: pending join applications to the groups I own or administer (applicationType 0), then
 * the invitations waiting for my consent (applicationType 1, GRP23; `applicant` is the inviter, `userID` me).
 */
export async function applicationList(d: Domain, userID: string): Promise<{ applicationList: GroupApplication[] }> {
  const groups = (await d.storage.groups.groupsOf(userID)).filter((g) => !g.dismissed);
  const managed: GroupRow[] = [];
  for (const group of groups) {
    const me = await d.storage.groups.getMember(group.groupID, userID);
    if (me && isManager(me)) managed.push(group);
  }
  const rows = await d.storage.groups.pendingApplications(managed.map((g) => g.groupID));
  const invitations = await d.storage.groups.pendingInvitations(userID);
  const invited = new Map<string, GroupRow>();
  for (const r of invitations) {
    const group = await d.storage.groups.get(r.groupID);
    if (group && !group.dismissed) invited.set(r.groupID, group);
  }
  const asked = [...rows.map((r) => r.applicant), ...invitations.map((r) => r.inviter)];
  const profiles = await d.storage.profiles.getMany(asked);
  const nickOf = (id: string) => profiles.find((p) => p.userID === id)?.nick ?? '';
  const item = (r: ApplicationRow, applicant: string, groupName: string, applicationType: number) => ({
    applicant,
    applicantNick: nickOf(applicant),
    groupID: r.groupID,
    groupName,
    applicationType,
    userID,
    note: r.message,
    authentication: '',
    messageKey: r.createdAt,
  });
  return {
    applicationList: [
      ...rows.map((r) => item(r, r.applicant, managed.find((g) => g.groupID === r.groupID)?.name ?? '', 0)),
      ...invitations
        .filter((r) => invited.has(r.groupID))
        .map((r) => item(r, r.inviter, invited.get(r.groupID)?.name ?? '', 1)),
    ],
  };
}
