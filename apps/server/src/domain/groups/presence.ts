import type { Domain } from '../context.ts';

/** How many users one presence query asks about (Redis: one pipeline each). */
const STATUS_BATCH = 1000;

/**
 * Which of these users are online on any node (GRP15): the presence store of decision 0017 (memory on one node, Redis
 * across nodes), the same one friends' statuses come from. With group read receipts off nobody is shown online
 * (the online list is gated with them).
 */
export async function onlineAmong(d: Domain, userIDs: readonly string[]): Promise<Set<string>> {
  const online = new Set<string>();
  if (!d.groupFeatures.readReceipts) return online;
  for (let i = 0; i < userIDs.length; i += STATUS_BATCH) {
    const statuses = await d.presence.statuses(userIDs.slice(i, i + STATUS_BATCH));
    for (const [userID, status] of statuses) if (status.online) online.add(userID);
  }
  return online;
}

/** getGroupOnlineMemberCount: the group's members online on any node. */
export async function onlineMemberTotal(d: Domain, groupID: string): Promise<number> {
  return (await onlineAmong(d, await d.storage.groups.allMemberIDs(groupID))).size;
}
