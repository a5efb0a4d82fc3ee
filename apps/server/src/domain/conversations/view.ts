import {
  CONVERSATION_TYPE,
  type LastMessage,
  REMIND_TYPE,
  type WireConversation,
  messageForShow,
} from '@parley/protocol';
import { toProfile } from '../profiles/profile-view.ts';
import type { MemberRow, Repos } from '../ports.ts';
import { c2cViewID } from '../messages/c2c.ts';
import { toWire } from '../messages/wire.ts';
import { groupExtras } from '../groups/conversation-extras.ts';
import { bitsOf } from '../marks/mask.ts';

/**
 * The newest message of the conversation the member has not deleted for themselves (ACT7, KACT22, KACT34): the list's
 * preview never shows a deleted message, however many of the newest were deleted. One extra indexed read when the
 * newest is visible, the usual case; otherwise one query for the newest sequence not hidden, then that row.
 */
async function lastVisible(repos: Repos, member: MemberRow, lastSeq: number) {
  if (lastSeq <= member.clearedSeq) return undefined;
  const last = await repos.messages.get(member.conversationID, lastSeq);
  if (!last) return undefined;
  const hidden = await repos.actions.hiddenAmong(member.userID, member.conversationID, [last.seq]);
  if (!hidden.has(last.seq)) return last;
  const seq = await repos.actions.newestNotHidden(member.userID, member.conversationID, lastSeq - 1, member.clearedSeq);
  return seq === undefined ? undefined : repos.messages.get(member.conversationID, seq);
}

/**
 * Builds one member's conversation as the wire shows it. Unread = messages after my read position
 * (or after what I cleared) that I did not send (rule RD2). A constant number of indexed reads, whatever the
 * length of the history (GRW2).
 */
export async function conversationView(repos: Repos, member: MemberRow): Promise<WireConversation> {
  const conversation = await repos.conversations.get(member.conversationID);
  const lastSeq = conversation?.lastSeq ?? 0;
  const peer = member.peerID ? await repos.conversations.getMember(member.peerID, c2cViewID(member.userID)) : undefined;
  const peerReadSequence = member.peerID === member.userID ? lastSeq : (peer?.readSeq ?? 0);
  // Sequences are dense and a send moves the sender's read position to its message (RD2), so every message after
  // max(read, cleared) is someone else's: the count is a subtraction, not a scan of the unread rows (GRW2).
  // Purged messages (retention, RET6) are no longer unread: nobody can read them.
  const seen = Math.max(member.readSeq, member.clearedSeq, conversation?.purgedSeq ?? 0);
  const unreadCount = Math.max(0, lastSeq - seen);
  const last = await lastVisible(repos, member, lastSeq);
  const profile = member.peerID ? await repos.profiles.get(member.peerID) : undefined;
  let lastMessage: LastMessage | null = null;
  if (last) {
    const wire = toWire(last);
    lastMessage = {
      ID: wire.ID,
      lastTime: wire.time,
      lastSequence: wire.sequence,
      fromAccount: wire.from,
      type: wire.type,
      payload: wire.payload,
      messageForShow: wire.isRevoked ? '' : messageForShow(wire.type, wire.payload),
      cloudCustomData: wire.cloudCustomData,
      nick: wire.nick,
      nameCard: wire.nameCard,
      isRevoked: wire.isRevoked,
      isPeerRead: wire.from === member.userID && wire.sequence <= peerReadSequence,
    };
  }
  const type = member.viewID.startsWith(CONVERSATION_TYPE.GROUP)
    ? CONVERSATION_TYPE.GROUP
    : member.viewID === CONVERSATION_TYPE.SYSTEM
      ? CONVERSATION_TYPE.SYSTEM
      : CONVERSATION_TYPE.C2C;
  const extras = type === CONVERSATION_TYPE.GROUP ? await groupExtras(repos, member, lastSeq) : {};
  return {
    conversationID: member.viewID,
    type,
    ...(profile ? { userProfile: toProfile(profile) } : {}),
    ...extras,
    lastMessage,
    unreadCount,
    readSequence: member.readSeq,
    peerReadSequence,
    lastSequence: lastSeq,
    clearedSequence: member.clearedSeq,
    isPinned: member.isPinned,
    pinnedAt: member.pinnedAt,
    messageRemindType: member.remindType || REMIND_TYPE.ACCEPT_AND_NOTIFY,
    draftText: member.draftText,
    draftTime: member.draftTime,
    markBits: bitsOf(member.markMask),
    groupNames: member.groupNames,
    customData: member.customData,
    hidden: member.hidden,
    syncVersion: member.syncVersion,
  };
}
