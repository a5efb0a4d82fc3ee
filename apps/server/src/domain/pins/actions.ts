import { PIN_LIMITS, type PinnedList, type PinnerInfo, ParleyError } from '@parley/protocol';
import { commit, type Domain, nowSeconds } from '../context.ts';
import { callerIn, groupKey, groupTopic, liveGroup, requireManager } from '../groups/access.ts';
import { toWire } from '../messages/wire.ts';
import type { Repos } from '../ports.ts';

async function pinnerInfo(tx: Repos, userID: string): Promise<PinnerInfo> {
  const profile = await tx.profiles.get(userID);
  return { userID, nick: profile?.nick ?? '', avatar: profile?.avatar ?? '' };
}

/**
 * pinGroupMessage (reference §3.3, decision 0041): the owner and admins pin and unpin (PIN2; members 10007), at most
 * PIN_LIMITS.perGroup per group (PIN3). Every member hears it (PIN4). Pinning a pinned message, or unpinning one
 * that is not, changes nothing and tells no one (PIN5). A recalled message cannot be pinned (PIN6).
 */
export async function pinGroupMessage(
  d: Domain,
  userID: string,
  groupID: string,
  messageID: string,
  isPinned: boolean,
): Promise<void> {
  await commit(d, async (tx, emit) => {
    const group = await liveGroup(tx, groupID);
    requireManager(await callerIn(tx, group, userID), 'pin messages');
    const row = await tx.messages.byConversationID(groupKey(groupID), messageID);
    if (!row) throw ParleyError.of('MESSAGE_NOT_FOUND');
    let changed: boolean;
    if (isPinned) {
      if (row.isRevoked) throw ParleyError.of('GROUP_INVALID_PARAMETER', 'A recalled message cannot be pinned');
      const pins = await tx.pins.list(groupID);
      if (pins.some((p) => p.seq === row.seq)) return;
      if (pins.length >= PIN_LIMITS.perGroup)
        throw ParleyError.of('GROUP_INVALID_PARAMETER', `At most ${PIN_LIMITS.perGroup} pinned messages per group`);
      changed = await tx.pins.add({ groupID, seq: row.seq, pinnedBy: userID, pinnedAt: nowSeconds(d) });
    } else changed = await tx.pins.remove(groupID, row.seq);
    if (!changed) return;
    emit(groupTopic(groupID), {
      type: 'group.message-pinned',
      groupID,
      message: toWire(row),
      isPinned,
      operatorInfo: await pinnerInfo(tx, userID),
    });
  });
}

/** getPinnedGroupMessageList: any member reads them (PIN7), oldest pin first, each with who pinned it and when. */
export async function pinnedMessages(d: Domain, userID: string, groupID: string): Promise<PinnedList> {
  const s = d.storage;
  const group = await liveGroup(s, groupID, false);
  await callerIn(s, group, userID);
  const pinnedList: PinnedList['pinnedList'] = [];
  for (const pin of await s.pins.list(groupID)) {
    const row = await s.messages.get(groupKey(groupID), pin.seq);
    // A pinned message recalled since leaves the list (PIN6).
    if (!row || row.isRevoked) continue;
    pinnedList.push({ message: toWire(row), pinnerInfo: await pinnerInfo(s, pin.pinnedBy), pinTime: pin.pinnedAt });
  }
  return { pinnedList };
}
