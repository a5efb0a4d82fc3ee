import { ACTION_LIMITS, type BusEvent, ParleyError, type WireMessage } from '@parley/protocol';
import { type Domain, type Emit, userTopic } from '../context.ts';
import { parseConversationID } from '../conversations/ids.ts';
import { groupTopic } from '../groups/access.ts';
import { c2cViewID } from '../messages/c2c.ts';
import { invalidateConversationPages } from '../messages/send-path.ts';
import type { MemberRow, MessageRow, Repos } from '../ports.ts';

/** A message an action applies to, found in the caller's own conversation (IDs are unique per conversation, M8). */
export interface Target {
  member: MemberRow;
  row: MessageRow;
  /** The stored conversation key (`c2c:a|b`, `group:<id>`). */
  key: string;
}

const notFound = () => ParleyError.of('MESSAGE_NOT_FOUND');

/** The caller's member row of a conversation (as the caller names it); 20026 when not a member. */
export async function memberOf(tx: Repos, userID: string, conversationID: string): Promise<MemberRow> {
  parseConversationID(conversationID);
  const member = await tx.conversations.getMember(userID, conversationID);
  if (!member) throw notFound();
  return member;
}

/** The message `messageID` of the caller's conversation, visible to the caller (not cleared); 20026 otherwise. */
export async function findTarget(
  tx: Repos,
  userID: string,
  conversationID: string,
  messageID: string,
): Promise<Target> {
  const member = await memberOf(tx, userID, conversationID);
  const row = await tx.messages.byConversationID(member.conversationID, messageID);
  if (!row || row.seq <= member.clearedSeq) throw notFound();
  return { member, row, key: member.conversationID };
}

/** Several messages of one conversation, all or none: a missing one fails the whole call (nothing half applied). */
export async function findTargets(
  tx: Repos,
  userID: string,
  conversationID: string,
  messageIDs: readonly string[],
): Promise<{ member: MemberRow; rows: MessageRow[] }> {
  if (messageIDs.length > ACTION_LIMITS.batchMessages) throw ParleyError.of('INVALID_PARAMS', 'too many messages');
  const member = await memberOf(tx, userID, conversationID);
  const rows: MessageRow[] = [];
  for (const id of new Set(messageIDs)) {
    const row = await tx.messages.byConversationID(member.conversationID, id);
    if (!row || row.seq <= member.clearedSeq) throw notFound();
    rows.push(row);
  }
  return { member, rows };
}

/** The users of a one-to-one key `c2c:a|b`; empty for a group key. */
export function c2cUsers(key: string): string[] {
  return key.startsWith('c2c:') ? key.slice(4).split('|') : [];
}

export const groupIDOfKey = (key: string) => (key.startsWith('group:') ? key.slice(6) : undefined);

/** Every member's devices: both users of a one-to-one conversation, or the group's topic (rule GRP13). */
export function emitToMembers(emit: Emit, key: string, event: BusEvent): void {
  const groupID = groupIDOfKey(key);
  if (groupID !== undefined) {
    emit(groupTopic(groupID), event);
    return;
  }
  for (const user of new Set(c2cUsers(key))) emit(userTopic(user), event);
}

/**
 * A one-to-one conversation's rows move in both members' change feeds, so the conversation list (its last message)
 * is re-read on their next sync. Groups are not touched: that would be a write per member.
 */
export async function touchC2C(tx: Repos, emit: Emit, key: string): Promise<void> {
  const [a, b] = c2cUsers(key);
  if (!a || !b) return;
  for (const [user, peer] of a === b
    ? [[a, b]]
    : [
        [a, b],
        [b, a],
      ]) {
    const viewID = c2cViewID(peer as string);
    const syncVersion = await tx.conversations.touch(user as string, viewID);
    emit(userTopic(user as string), { type: 'conversation.changed', conversationID: viewID, syncVersion });
  }
}

/** Topic every node listens on to drop cached pages of a conversation changed in place (rule ACT10). */
export const PAGES_TOPIC = 'pages:invalidate';

/** After a commit that changed stored messages in place: this node's cached pages and every other node's. */
export function pagesChanged(d: Domain, key: string): void {
  invalidateConversationPages(d, key);
  d.bus.publish(PAGES_TOPIC, { type: 'pages.invalidate', conversationID: key }).catch(d.onPublishError);
}

/** The refusal that carries the latest message, as the reference's 2480 does (`err.data.message`). */
export function conflict(latest: WireMessage): ParleyError {
  return ParleyError.of('MSG_MODIFY_CONFLICT', undefined, { message: latest });
}
