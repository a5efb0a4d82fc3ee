import { ACTION_LIMITS, type Changes } from '@parley/protocol';
import type { Domain } from '../context.ts';
import { toWire } from '../messages/wire.ts';
import { summarize } from './reactions.ts';
import { withoutHiddenReplies } from './reply-view.ts';
import { memberOf } from './target.ts';

/**
 * Catch-up of in-place changes (rule ACT9): the messages of a conversation changed after `after` (modified,
 * recalled, reactions), as they are now, with their reactions, and the IDs I hid since. The cursor is read before
 * the rows, so a change committing in between is sent now or next time, never skipped; applying a change twice is
 * harmless (the client compares versions).
 */
export async function changesSince(d: Domain, userID: string, conversationID: string, after: number): Promise<Changes> {
  const member = await memberOf(d.storage, userID, conversationID);
  const key = member.conversationID;
  const current = await d.storage.actions.changeSeq(key);
  const limit = ACTION_LIMITS.changesPage;
  const raw = await d.storage.actions.changedSince(key, after, limit);
  const full = raw.length === limit;
  const last = raw.at(-1)?.changeSeq ?? after;
  const rows = raw.filter((r) => r.seq > member.clearedSeq);
  const hidden = await d.storage.actions.hiddenSince(userID, key, after);
  const hiddenSet = new Set(hidden.map((h) => h.id));
  const shown = await withoutHiddenReplies(
    d.storage,
    userID,
    key,
    rows.filter((r) => !hiddenSet.has(r.id)),
  );
  return {
    changeSequence: full ? last : Math.max(current, after),
    messageList: shown.map(toWire),
    reactionList: await summarize(
      d.storage,
      key,
      shown.filter((r) => !r.isRevoked),
      userID,
    ),
    deletedMessageIDList: hidden.map((h) => h.id),
    isCompleted: !full,
  };
}
