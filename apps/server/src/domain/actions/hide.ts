import { commit, type Domain, userTopic } from '../context.ts';
import type { Repos } from '../ports.ts';
import { findTargets } from './target.ts';

/**
 * deleteMessage (rule ACT7): hides messages for the caller only, persistently and on all of the caller's devices
 * (a push to the caller's topic, and `…/changes` for a device that was away). The peer keeps them. Every ID must be
 * a visible message of the conversation, or nothing is hidden.
 */
export async function hideMessages(
  d: Domain,
  userID: string,
  conversationID: string,
  messageIDList: readonly string[],
): Promise<string[]> {
  return commit(d, async (tx, emit) => {
    const { member, rows } = await findTargets(tx, userID, conversationID, messageIDList);
    await tx.conversations.lock(member.conversationID);
    const changeSeq = await tx.actions.nextChange(member.conversationID);
    await tx.actions.hide(
      userID,
      member.conversationID,
      rows.map((r) => r.seq),
      changeSeq,
    );
    const ids = rows.map((r) => r.id);
    emit(userTopic(userID), { type: 'message.deleted', conversationID, messageIDList: ids });
    // The caller's list row moves so every device of the caller re-reads its preview without the deleted message
    // (KACT22); nobody else's row changes.
    const syncVersion = await tx.conversations.touch(userID, member.viewID);
    emit(userTopic(userID), { type: 'conversation.changed', conversationID: member.viewID, syncVersion });
    return ids;
  });
}

/** The subset of stored rows (by sequence) a user has not hidden: history pages and catch-up leave hidden ones out. */
export async function visibleTo<T extends { seq: number }>(
  repos: Pick<Repos, 'actions'>,
  userID: string,
  conversationKey: string,
  rows: T[],
): Promise<T[]> {
  if (rows.length === 0) return rows;
  const hidden = await repos.actions.hiddenAmong(
    userID,
    conversationKey,
    rows.map((r) => r.seq),
  );
  return hidden.size === 0 ? rows : rows.filter((r) => !hidden.has(r.seq));
}
