import { ALLOW_TYPE, GROUP_TIP_TYPE, ParleyError } from '@parley/protocol';
import { type GroupTx, writeTip } from './events.ts';
import type { GroupRow } from './ports.ts';

/** The users among `userIDs` who are already in as many groups as they may be (ABU22). */
export async function atGroupCap(g: GroupTx, userIDs: readonly string[]): Promise<Set<string>> {
  if (userIDs.length === 0) return new Set();
  const counts = await g.tx.groups.groupCounts(userIDs);
  return new Set(userIDs.filter((u) => (counts.get(u) ?? 0) >= g.churn.maxGroupsPerUser));
}

/** Refuses with 10037 when the user may join no more groups: every path that makes a member ends here. */
export async function requireGroupRoom(g: GroupTx, userID: string): Promise<void> {
  if ((await atGroupCap(g, [userID])).size > 0)
    throw ParleyError.of('GROUP_JOIN_LIMIT', undefined, { userID, limit: g.churn.maxGroupsPerUser });
}

/**
 * Who consents to being added by someone else (ABU25, decision 0026): the profile's `allowType`. DenyAny refuses
 * the whole call with 30516 before anything is written, so nobody is notified; NeedConfirm turns the add into an
 * invitation (GRP23); AllowAny (the default) adds at once, as before.
 */
export async function consentOf(g: GroupTx, userIDs: readonly string[]): Promise<{ confirm: Set<string> }> {
  const profiles = await g.tx.profiles.getMany([...userIDs]);
  const denied = profiles.find((p) => p.allowType === ALLOW_TYPE.DENY_ANY);
  if (denied) throw ParleyError.of('GROUP_ADD_DENIED', undefined, { userID: denied.userID });
  return {
    confirm: new Set(profiles.filter((p) => p.allowType === ALLOW_TYPE.NEED_CONFIRM).map((p) => p.userID)),
  };
}

/**
 * The tip of one member joining or quitting (GRP8), coalesced (ABU26): within the window after such a tip about the
 * same member in the same group, the change happens without a new tip. A join/quit loop stores one tip per window.
 */
export async function writeMemberTip(
  g: GroupTx,
  group: GroupRow,
  operatorID: string,
  member: string,
  kind: 'join' | 'quit',
): Promise<void> {
  if (!g.churn.tips.admit(group.groupID, member, g.now)) return;
  const operationType = kind === 'join' ? GROUP_TIP_TYPE.MBR_JOIN : GROUP_TIP_TYPE.MBR_QUIT;
  await writeTip(g, group, operatorID, { operationType, userIDList: [member] });
}
