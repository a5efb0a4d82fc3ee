import { type GroupReadReceipt, LIMITS, ParleyError } from '@parley/protocol';
import { commit, type Domain, userTopic } from '../context.ts';
import { isBlockedBy } from '../contacts/block-cache.ts';
import type { MessageRow } from '../ports.ts';
import { callerIn, groupKey, groupViewID, liveGroup } from './access.ts';
import { onlineMemberTotal } from './presence.ts';

function requireEnabled(d: Domain): void {
  if (!d.groupFeatures.readReceipts) throw ParleyError.of('GROUP_FEATURE_DISABLED');
}

async function memberGroup(d: Domain, userID: string, groupID: string) {
  const group = await liveGroup(d.storage, groupID, false);
  await callerIn(d.storage, group, userID);
  return group;
}

async function messagesByID(d: Domain, groupID: string, ids: readonly string[]): Promise<MessageRow[]> {
  const rows: MessageRow[] = [];
  for (const id of new Set(ids)) {
    const row = await d.storage.messages.byConversationID(groupKey(groupID), id);
    if (row) rows.push(row);
  }
  return rows;
}

async function receiptOf(d: Domain, groupID: string, row: MessageRow): Promise<GroupReadReceipt> {
  const { read, unread } = await d.storage.groups.readCount(groupID, groupKey(groupID), row.sender, row.seq);
  return { groupID, messageID: row.id, readCount: read, unreadCount: unread };
}

/**
 * After a member's read position moved from `from` to `to`: the senders of the messages in between that asked for
 * a receipt get their new counts (MESSAGE_READ_RECEIPT_RECEIVED). At most the newest 100 are looked at.
 */
export async function notifyReads(d: Domain, groupID: string, reader: string, from: number, to: number) {
  if (!d.groupFeatures.readReceipts || to <= from) return;
  const rows = await d.storage.messages.pageAfter(groupKey(groupID), Math.max(from, to - 100), to - from);
  const bySender = new Map<string, GroupReadReceipt[]>();
  for (const row of rows) {
    if (!row.needReadReceipt || row.sender === reader || row.seq > to) continue;
    const list = bySender.get(row.sender) ?? [];
    list.push(await receiptOf(d, groupID, row));
    bySender.set(row.sender, list);
  }
  for (const [sender, receipts] of bySender) {
    // A sender who blocked the reader hears nothing of their reading (ABU11).
    if (await isBlockedBy(d, sender, reader)) continue;
    d.bus.publish(userTopic(sender), { type: 'group.read-receipt', receipts }).catch(d.onPublishError);
  }
}

/**
 * sendMessageReadReceipt (GRP14): my read position moves to the newest of the named messages. Receipts are derived
 * from read positions, never stored per member and message, so they cost the same in any group size.
 */
export async function sendReadReceipt(d: Domain, userID: string, groupID: string, ids: readonly string[]) {
  requireEnabled(d);
  await memberGroup(d, userID, groupID);
  const rows = await messagesByID(d, groupID, ids);
  const top = Math.max(0, ...rows.map((r) => r.seq));
  const viewID = groupViewID(groupID);
  const before = await commit(d, async (tx, emit) => {
    const member = await tx.conversations.getMember(userID, viewID);
    if (!member || member.readSeq >= top) return undefined;
    await tx.conversations.lock(member.conversationID);
    const syncVersion = await tx.conversations.touch(userID, viewID, { readSeq: top });
    emit(userTopic(userID), { type: 'conversation.changed', conversationID: viewID, syncVersion });
    return member.readSeq;
  });
  if (before !== undefined) await notifyReads(d, groupID, userID, before, top);
}

/** getMessageReadReceiptList: counts of the named messages (unknown IDs are left out). */
export async function readReceiptList(d: Domain, userID: string, groupID: string, ids: readonly string[]) {
  requireEnabled(d);
  await memberGroup(d, userID, groupID);
  const rows = await messagesByID(d, groupID, ids);
  const messageList: GroupReadReceipt[] = [];
  for (const row of rows) messageList.push(await receiptOf(d, groupID, row));
  return { messageList };
}

/** getGroupMessageReadMemberList: read (filter 0) or unread (1) members, 15 a page, by user ID after `cursor`. */
export async function readMembers(
  d: Domain,
  userID: string,
  groupID: string,
  messageID: string,
  q: { filter: 0 | 1; cursor: string; count: number },
) {
  requireEnabled(d);
  await memberGroup(d, userID, groupID);
  const [row] = await messagesByID(d, groupID, [messageID]);
  if (!row) throw ParleyError.of('MESSAGE_NOT_FOUND');
  const limit = Math.min(q.count, LIMITS.readListPage);
  const ids = await d.storage.groups.readMembers(groupID, groupKey(groupID), {
    sender: row.sender,
    seq: row.seq,
    read: q.filter === 0,
    cursor: q.cursor,
    limit: limit + 1,
  });
  const page = ids.slice(0, limit);
  const isCompleted = ids.length <= limit;
  return {
    messageID,
    ...(q.filter === 0 ? { readUserIDList: page } : { unreadUserIDList: page }),
    cursor: isCompleted ? '' : (page.at(-1) ?? ''),
    isCompleted,
  };
}

/** getGroupOnlineMemberCount: members connected to this node (the online list is gated like receipts, GRP15). */
export async function onlineMemberCount(d: Domain, userID: string, groupID: string) {
  requireEnabled(d);
  await memberGroup(d, userID, groupID);
  return { memberCount: await onlineMemberTotal(d, groupID) };
}

/**
 * setMessageRemindType for a group (GRP17): my own setting on my conversation row; AcceptNotNotify and Discard leave
 * the group out of the total unread count. Members only.
 */
export async function setGroupRemind(d: Domain, userID: string, groupID: string, remindType: string): Promise<void> {
  await memberGroup(d, userID, groupID);
  const viewID = groupViewID(groupID);
  await commit(d, async (tx, emit) => {
    const syncVersion = await tx.conversations.touch(userID, viewID, { remindType });
    emit(userTopic(userID), { type: 'conversation.changed', conversationID: viewID, syncVersion });
  });
}
