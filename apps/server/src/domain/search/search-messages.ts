import {
  ParleyError,
  SEARCH_LIMITS,
  type SearchMessages,
  type SearchMessagesResult,
  searchProblem,
} from '@parley/protocol';
import type { Domain } from '../context.ts';
import { toWire } from '../messages/wire.ts';
import type { SearchHit } from './ports.ts';
import { keywordPlan } from './tokens.ts';

/** The body checked against its schema (SRCH7): anything else is 27003, as the reference answers bad parameters. */
export function checked<T>(kind: Parameters<typeof searchProblem>[0], body: unknown): T {
  const problem = searchProblem(kind, body);
  if (problem !== undefined) throw ParleyError.of('SEARCH_INVALID_PARAMS', `Invalid search parameters: ${problem}`);
  return body as T;
}

/** `cursor` is the offset of the next item ('' or absent: the first); '' in an answer when nothing follows. */
export function page<T>(items: readonly T[], cursor: string | undefined, count: number) {
  const offset = cursor ? Number(cursor) : 0;
  const next = offset + count;
  return { items: items.slice(offset, next), cursor: next < items.length ? String(next) : '' };
}

/** The searched time window in seconds (SRCH10): at or before `timePosition` (0: now), `timePeriod` back (0: all). */
function window(q: SearchMessages, nowSeconds: number): { fromTime?: number; toTime?: number } {
  const end = q.timePosition || undefined;
  const from = q.timePeriod ? (end ?? nowSeconds) - q.timePeriod : undefined;
  return { ...(end !== undefined ? { toTime: end } : {}), ...(from !== undefined ? { fromTime: from } : {}) };
}

async function wires(d: Domain, hits: readonly SearchHit[]) {
  const rows = await Promise.all(hits.map((h) => d.storage.messages.get(h.conversationID, h.seq)));
  return rows.flatMap((r) => (r ? [toWire(r)] : []));
}

/**
 * searchCloudMessages (SRCH7–SRCH12): the messages the caller may see that match. In one conversation
 * (`conversationID`): its matches, newest first, `count` a page, `totalCount` the number of matches. Across
 * conversations: one result per conversation, the conversation with the newest match first, each with its number
 * of matches and its newest match; `totalCount` is the number of conversations.
 */
export async function searchMessages(d: Domain, userID: string, body: unknown): Promise<SearchMessagesResult> {
  const q = checked<SearchMessages>('messages', body);
  const keywords = (q.keywordList ?? []).map(keywordPlan);
  if (keywords.length === 0 && !q.senderUserIDList?.length && !q.messageTypeList?.length) {
    throw ParleyError.of('SEARCH_INVALID_PARAMS', 'keywordList, senderUserIDList or messageTypeList is required');
  }
  const hits = await d.storage.search.messages({
    userID,
    keywords,
    match: q.keywordListMatchType ?? 'or',
    ...(q.senderUserIDList?.length ? { senders: q.senderUserIDList } : {}),
    ...(q.messageTypeList?.length ? { types: q.messageTypeList } : {}),
    ...(q.conversationID ? { viewID: q.conversationID } : {}),
    ...window(q, Math.floor(d.clock.now() / 1000)),
  });
  const count = q.count ?? SEARCH_LIMITS.defaultCount;
  if (q.conversationID) {
    const { items, cursor } = page(hits, q.cursor, count);
    const searchResultList =
      hits.length > 0
        ? [{ conversationID: q.conversationID, messageCount: hits.length, messageList: await wires(d, items) }]
        : [];
    return { searchResultList, cursor, totalCount: hits.length };
  }
  const groups = new Map<string, SearchHit[]>();
  for (const h of hits) {
    const list = groups.get(h.viewID);
    if (list) list.push(h);
    else groups.set(h.viewID, [h]);
  }
  const all = [...groups.entries()];
  const { items, cursor } = page(all, q.cursor, count);
  const searchResultList = await Promise.all(
    items.map(async ([conversationID, list]) => ({
      conversationID,
      messageCount: list.length,
      messageList: await wires(d, list.slice(0, 1)),
    })),
  );
  return { searchResultList, cursor, totalCount: all.length };
}
