import { MESSAGE_TYPE, ParleyError, type WireMessage } from '@parley/protocol';
import { commit, type Domain, type Emit, nowSeconds } from '../context.ts';
import type { MessageRow, Repos } from '../ports.ts';
import { toWire } from '../messages/wire.ts';
import { refuseBlocked } from './guards.ts';
import { emitChanged, writeVersion } from './modify.ts';
import { findTarget, groupIDOfKey, pagesChanged, touchC2C } from './target.ts';

/** Custom messages (evaluations, typing, calls) and tips are not recalled (reference §3.3). */
const NOT_REVOCABLE = new Set<string>([MESSAGE_TYPE.CUSTOM, MESSAGE_TYPE.GROUP_TIP, MESSAGE_TYPE.GROUP_SYSTEM_NOTICE]);

function parseObject(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The root a reply names in its `cloudCustomData.messageReply` (decision 0015), if any. */
function rootIDOf(row: MessageRow): string | undefined {
  const reply = parseObject(row.cloudCustomData).messageReply as { messageRootID?: unknown } | undefined;
  return typeof reply?.messageRootID === 'string' && reply.messageRootID ? reply.messageRootID : undefined;
}

/** A recalled reply leaves its root's `messageReplies.replies` in the same transaction (rule ACT6). */
async function dropFromRoot(tx: Repos, emit: Emit, row: MessageRow): Promise<void> {
  const rootID = rootIDOf(row);
  const root = rootID ? await tx.messages.byConversationID(row.conversationID, rootID) : undefined;
  if (!root || root.isRevoked) return;
  const custom = parseObject(root.cloudCustomData);
  const replies = custom.messageReplies as { replies?: unknown } | undefined;
  if (!replies || !Array.isArray(replies.replies)) return;
  const kept = replies.replies.filter((r: { messageID?: unknown }) => r?.messageID !== row.id);
  if (kept.length === replies.replies.length) return;
  const cloudCustomData = JSON.stringify({ ...custom, messageReplies: { ...replies, replies: kept } });
  const changed = await writeVersion(tx, root, { ...root, cloudCustomData, isModified: true });
  emitChanged(emit, 'modified', row.conversationID, changed);
}

/**
 * revokeMessage (rules ACT4–ACT6): only the sender, only a stored non-custom message, within the revoke window
 * (20016 one-to-one, 10031 group). The row keeps its place as a recalled entry (`isRevoked`, `revoker`); its payload
 * and cloudCustomData are emptied, so no page, catch-up or conversation list serves the content again.
 * Recalling a recalled message answers it as it is.
 */
export async function revokeMessage(
  d: Domain,
  userID: string,
  conversationID: string,
  messageID: string,
): Promise<WireMessage> {
  const window = d.actionSettings.revokeWindowSeconds;
  const result = await commit(d, async (tx, emit) => {
    const found = await findTarget(tx, userID, conversationID, messageID);
    await tx.conversations.lock(found.key);
    const row = (await tx.messages.get(found.key, found.row.seq)) ?? found.row;
    if (row.isRevoked) return { key: row.conversationID, message: toWire(row), changed: false };
    if (row.sender !== userID) throw ParleyError.of('MSG_NOT_REVOCABLE', 'Only the sender may recall a message');
    if (NOT_REVOCABLE.has(row.type)) throw ParleyError.of('MSG_NOT_REVOCABLE');
    // One-to-one, a blocked sender changes nothing the blocker holds (ABU11): what they sent stays as the blocker saw it.
    await refuseBlocked(d, row.conversationID, userID, row);
    if (nowSeconds(d) - row.time > window) {
      throw ParleyError.of(groupIDOfKey(row.conversationID) ? 'GROUP_REVOKE_TIME_LIMIT' : 'MSG_REVOKE_TIME_LIMIT');
    }
    return { key: row.conversationID, message: await recallRow(tx, emit, row, userID), changed: true };
  });
  if (result.changed) pagesChanged(d, result.key);
  return result.message;
}

/** The recall itself, in the caller's transaction: the same row change, events and feeds for every recaller. */
async function recallRow(tx: Repos, emit: Emit, row: MessageRow, revoker: string): Promise<WireMessage> {
  const changed = await writeVersion(tx, row, {
    payload: '{}',
    cloudCustomData: '',
    isRevoked: true,
    revoker,
    isModified: row.isModified,
  });
  await dropFromRoot(tx, emit, row);
  // EDIT7: a recalled text's earlier contents go with its content.
  await tx.edits.drop(row.conversationID, row.seq);
  emitChanged(emit, 'revoked', row.conversationID, changed);
  await touchC2C(tx, emit, row.conversationID);
  return changed.message;
}

/**
 * RPT11: a moderator removes a reported message. The same recall as the sender's (every device of every member sees it
 * recalled, ACT4–ACT6), without the sender check or the time window; `revoker` names the administrator. A message
 * recalled already, or gone, changes nothing.
 */
export async function recallAsAdmin(d: Domain, key: string, messageID: string, revoker: string): Promise<boolean> {
  const changed = await commit(d, async (tx, emit) => {
    await tx.conversations.lock(key);
    const row = await tx.messages.byConversationID(key, messageID);
    if (!row || row.isRevoked) return false;
    await recallRow(tx, emit, row, revoker);
    return true;
  });
  if (changed) pagesChanged(d, key);
  return changed;
}
