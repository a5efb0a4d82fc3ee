import { LIMITS, type MessageList, ParleyError, type WireMessage } from '@parley/protocol';
import type { Domain } from '../context.ts';
import { parseConversationID } from '../conversations/ids.ts';
import { toWire } from './wire.ts';
import { visibleTo } from '../actions/hide.ts';
import { withoutHiddenReplies } from '../actions/reply-view.ts';

export interface HistoryQuery {
  nextReqMessageID?: string | undefined;
  beforeSeq?: number | undefined;
  afterSeq?: number | undefined;
  /** Seconds: the page ends (beforeTime) or starts (afterTime) at the last or first message of that second on. */
  beforeTime?: number | undefined;
  afterTime?: number | undefined;
  count?: number | undefined;
}

const EMPTY: MessageList = { messageList: [], nextReqMessageID: '', isCompleted: true };

/**
 * getMessageList: the newest `count` (15) before a cursor, oldest first within the page (rule HIST1);
 * or, with `afterSeq`, the messages after a sequence for catch-up (rule SYNC2). `beforeTime` / `afterTime` anchor
 * either at a time instead (getMessageListHopping, CMP33). Never what I cleared.
 */
export async function listMessages(
  d: Domain,
  userID: string,
  conversationID: string,
  q: HistoryQuery,
): Promise<MessageList> {
  parseConversationID(conversationID);
  const member = await d.storage.conversations.getMember(userID, conversationID);
  if (!member) return EMPTY;
  const key = member.conversationID;
  let afterSeq = q.afterSeq;
  if (q.afterTime !== undefined) {
    const first = await d.storage.messages.seqAtTime(key, q.afterTime, 'atOrAfter');
    if (first === 0) return EMPTY;
    afterSeq = first - 1;
  }
  if (afterSeq !== undefined) {
    const count = q.count ?? 100;
    const rows = await d.storage.messages.pageAfter(key, Math.max(afterSeq, member.clearedSeq), count);
    // Messages I deleted (rule ACT7) are not caught up; the sequence tracker fills their holes.
    const shown = await withoutHiddenReplies(d.storage, userID, key, await visibleTo(d.storage, userID, key, rows));
    return { messageList: shown.map(toWire), nextReqMessageID: '', isCompleted: rows.length < count };
  }
  const count = q.count ?? LIMITS.historyPage;
  let before = q.beforeSeq;
  if (q.beforeTime !== undefined) {
    const last = await d.storage.messages.seqAtTime(key, q.beforeTime, 'atOrBefore');
    if (last === 0) return EMPTY;
    before = last + 1;
  }
  if (q.nextReqMessageID) {
    const cursor = await d.storage.messages.byConversationID(key, q.nextReqMessageID);
    if (!cursor) throw ParleyError.of('MESSAGE_NOT_FOUND', 'nextReqMessageID is not a message of this conversation');
    before = cursor.seq;
  }
  const rows = await d.storage.messages.pageBefore(key, before, count, member.clearedSeq);
  const oldest = rows.at(-1);
  const isCompleted = rows.length < count || !oldest || oldest.seq <= member.clearedSeq + 1;
  const shown = await withoutHiddenReplies(d.storage, userID, key, await visibleTo(d.storage, userID, key, rows));
  return { messageList: shown.reverse().map(toWire), nextReqMessageID: oldest?.id ?? '', isCompleted };
}

export async function findMessage(
  d: Domain,
  userID: string,
  conversationID: string,
  messageID: string,
): Promise<WireMessage> {
  parseConversationID(conversationID);
  const member = await d.storage.conversations.getMember(userID, conversationID);
  const row = member ? await d.storage.messages.byConversationID(member.conversationID, messageID) : undefined;
  if (!member || !row || row.seq <= member.clearedSeq) throw ParleyError.of('MESSAGE_NOT_FOUND');
  const [shown] = await withoutHiddenReplies(d.storage, userID, member.conversationID, [row]);
  return toWire(shown ?? row);
}
