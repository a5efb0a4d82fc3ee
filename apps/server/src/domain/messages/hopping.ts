import { type Hopping, LIMITS, ParleyError } from '@parley/protocol';
import type { Domain } from '../context.ts';
import { parseConversationID } from '../conversations/ids.ts';
import { visibleTo } from '../actions/hide.ts';
import { withoutHiddenReplies } from '../actions/reply-view.ts';
import type { MessageRow } from './ports.ts';
import { toWire } from './wire.ts';

export interface HoppingQuery {
  sequence?: number | undefined;
  time?: number | undefined;
  direction: 'older' | 'newer';
  count?: number | undefined;
}

const DONE: Hopping = { messageList: [], isCompleted: true, nextMessageSeq: 0, nextMessageTime: 0 };

/**
 * getMessageListHopping (SRCH41–SRCH44): `count` messages from a sequence or a time, that message included, older or
 * newer, oldest first. Read as history is (HIST1): only a member reads, never what they cleared or deleted.
 */
export async function hopMessages(
  d: Domain,
  userID: string,
  conversationID: string,
  q: HoppingQuery,
): Promise<Hopping> {
  parseConversationID(conversationID);
  // SRCH42: exactly one starting point.
  if ((q.sequence === undefined) === (q.time === undefined)) {
    throw ParleyError.of('INVALID_PARAMS', 'getMessageListHopping takes exactly one of sequence and time');
  }
  const member = await d.storage.conversations.getMember(userID, conversationID);
  if (!member) return DONE;
  const key = member.conversationID;
  const older = q.direction === 'older';
  const start = q.sequence ?? (await d.storage.messages.seqAtTime(key, q.time ?? 0, q.direction));
  if (start === undefined) return DONE;
  const count = q.count ?? LIMITS.historyPage;
  const floor = member.clearedSeq;
  // One row more than asked says whether anything lies beyond the page (SRCH44).
  const rows: MessageRow[] = older
    ? (await d.storage.messages.pageBefore(key, start + 1, count + 1, floor)).reverse()
    : await d.storage.messages.pageAfter(key, Math.max(start - 1, floor), count + 1);
  const more = rows.length > count;
  const page = older ? rows.slice(rows.length - Math.min(rows.length, count)) : rows.slice(0, count);
  const edge = older ? page[0] : page.at(-1);
  const shown = await withoutHiddenReplies(d.storage, userID, key, await visibleTo(d.storage, userID, key, page));
  return {
    messageList: shown.map(toWire),
    isCompleted: !more,
    nextMessageSeq: more && edge ? edge.seq + (older ? -1 : 1) : 0,
    nextMessageTime: more && edge ? edge.time : 0,
  };
}
