import { ACTION_LIMITS, type MessageReactions, ParleyError, type WireReaction, isReactionID } from '@parley/protocol';
import { commit, type Domain, nowSeconds } from '../context.ts';
import type { MessageRow, Repos } from '../ports.ts';
import { refuseBlocked, refuseMuted } from './guards.ts';
import type { ReactionRow } from './ports.ts';
import { emitToMembers, findTarget, memberOf } from './target.ts';

/** Summaries of each message's reactions as the reference gives them (`reactedByMyself` for `viewer`). */
export async function summarize(
  repos: Repos,
  key: string,
  rows: readonly MessageRow[],
  viewer: string,
  maxUsers: number = ACTION_LIMITS.reactionUsersPerReaction,
): Promise<MessageReactions[]> {
  const all = await repos.actions.reactions(
    key,
    rows.map((r) => r.seq),
  );
  const bySeq = new Map<number, Map<string, ReactionRow[]>>();
  for (const r of all) {
    let m = bySeq.get(r.seq);
    if (!m) {
      m = new Map();
      bySeq.set(r.seq, m);
    }
    const list = m.get(r.reactionID) ?? [];
    list.push(r);
    m.set(r.reactionID, list);
  }
  const shown = new Set<string>();
  for (const m of bySeq.values())
    for (const list of m.values()) for (const r of list.slice(0, maxUsers)) shown.add(r.userID);
  const profiles = new Map((await repos.profiles.getMany([...shown])).map((p) => [p.userID, p]));
  return rows.map((row) => {
    const reactionList: WireReaction[] = [...(bySeq.get(row.seq)?.entries() ?? [])].map(([reactionID, list]) => ({
      reactionID,
      totalUserCount: list.length,
      partialUserList: list.slice(0, maxUsers).map((r) => ({
        userID: r.userID,
        nick: profiles.get(r.userID)?.nick ?? '',
        avatar: profiles.get(r.userID)?.avatar ?? '',
      })),
      reactedByMyself: list.some((r) => r.userID === viewer),
    }));
    return { messageID: row.id, reactionList };
  });
}

/**
 * addMessageReaction / removeMessageReaction (rules ACT20–ACT22): one row per (message, reaction, user), inserted or
 * deleted on its own, so two users reacting at once both land (no read-modify-write of a shared value). An empty,
 * oversized or control-character reaction ID is refused (60003), a prohibited one too (80001); a message carries at most 10 different reactions (60041).
 * Adding twice or removing what is not there changes nothing and publishes nothing.
 */
export async function toggleReaction(
  d: Domain,
  userID: string,
  conversationID: string,
  messageID: string,
  reactionID: string,
  add: boolean,
): Promise<void> {
  if (!isReactionID(reactionID)) throw ParleyError.of('INVALID_PARAMS', 'invalid reaction ID');
  // An application's own IDs are free text that every member sees: filtered as a message is (ACT21, ABU16).
  if (add && d.contentFilter.blocks(reactionID)) throw ParleyError.of('PROHIBITED_CONTENT');
  await commit(d, async (tx, emit) => {
    const { row, key } = await findTarget(tx, userID, conversationID, messageID);
    if (row.isRevoked) throw ParleyError.of('MESSAGE_NOT_FOUND', 'The message was recalled');
    // A reaction reaches every member as a change does: not from a muted member, nor to a blocker (ABU11, ABU15).
    await refuseBlocked(d, key, userID, row);
    await refuseMuted(tx, key, userID, nowSeconds(d));
    await tx.conversations.lock(key);
    if (add) {
      const ids = await tx.actions.reactionIDs(key, row.seq);
      if (!ids.includes(reactionID) && ids.length >= ACTION_LIMITS.reactionsPerMessage)
        throw ParleyError.of('REACTION_LIMIT');
    }
    const changed = add
      ? await tx.actions.addReaction(key, row.seq, reactionID, userID, d.clock.now())
      : await tx.actions.removeReaction(key, row.seq, reactionID, userID);
    if (!changed) return;
    const changeSequence = await tx.actions.nextChange(key);
    await tx.actions.stamp(key, row.seq, changeSequence);
    const [summary] = await summarize(tx, key, [row], userID);
    emitToMembers(emit, key, {
      type: 'message.reactions',
      message: {
        ID: row.id,
        from: row.sender,
        to: row.receiver,
        conversationType: conversationID.startsWith('GROUP') ? 'GROUP' : 'C2C',
      },
      // Each receiver keeps its own reactedByMyself from operatorID; the sender's view is not everyone's.
      reactionList: (summary?.reactionList ?? []).map((r) => ({ ...r, reactedByMyself: false })),
      operatorID: userID,
      reactionID,
      added: add,
      changeSequence,
    });
  });
}

/** getMessageReactions: messages of one conversation the caller can see; unknown IDs are left out. */
export async function messageReactions(
  d: Domain,
  userID: string,
  conversationID: string,
  messageIDList: readonly string[],
  maxUsers?: number,
): Promise<MessageReactions[]> {
  const repos = d.storage;
  const member = await memberOf(repos, userID, conversationID);
  const rows: MessageRow[] = [];
  for (const id of new Set(messageIDList)) {
    const row = await repos.messages.byConversationID(member.conversationID, id);
    if (row && row.seq > member.clearedSeq && !row.isRevoked) rows.push(row);
  }
  return summarize(repos, member.conversationID, rows, userID, maxUsers);
}

/** getAllUserListOfMessageReaction: a reaction's users, oldest first, paged by offset (`nextSeq`). */
export async function reactionUserPage(
  d: Domain,
  userID: string,
  conversationID: string,
  messageID: string,
  reactionID: string,
  nextSeq: number,
  count: number,
) {
  const { row, key } = await findTarget(d.storage, userID, conversationID, messageID);
  const limit = Math.max(1, Math.min(count, ACTION_LIMITS.reactionUserPage));
  const ids = await d.storage.actions.reactionUsers(key, row.seq, reactionID, nextSeq, limit);
  const profiles = new Map((await d.storage.profiles.getMany(ids)).map((p) => [p.userID, p]));
  return {
    userList: ids.map((id) => ({
      userID: id,
      nick: profiles.get(id)?.nick ?? '',
      avatar: profiles.get(id)?.avatar ?? '',
    })),
    nextSeq: nextSeq + ids.length,
    isCompleted: ids.length < limit,
  };
}
