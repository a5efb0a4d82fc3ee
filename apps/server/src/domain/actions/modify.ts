import {
  EDIT_LIMITS,
  GROUP_TYPE,
  LIMITS,
  MESSAGE_TYPE,
  type ModifyMessage,
  ParleyError,
  type WireMessage,
  messageBytes,
  payloadProblem,
} from '@parley/protocol';
import { commit, type Domain, type Emit, nowSeconds } from '../context.ts';
import { parseConversationID } from '../conversations/ids.ts';
import type { MessageRow, Repos } from '../ports.ts';
import { storedText } from '../messages/content-filter.ts';
import { toWire } from '../messages/wire.ts';
import { refuseBlocked, refuseMuted } from './guards.ts';
import { conflict, emitToMembers, findTarget, pagesChanged } from './target.ts';
// Uploads a message names are kept (ABU8)
import { referenceUploads } from '../uploads/references.ts';

/** Types whose content the sender may change (reference §3.3: text, custom, location, face). */
const EDITABLE = new Set<string>([MESSAGE_TYPE.TEXT, MESSAGE_TYPE.CUSTOM, MESSAGE_TYPE.LOCATION, MESSAGE_TYPE.FACE]);

/** 2481 before anything else: an AVChatRoom's messages are never modified (rule ACT2). */
export async function refuseAV(tx: Repos, conversationID: string): Promise<void> {
  const parsed = parseConversationID(conversationID);
  if (parsed.type !== 'GROUP') return;
  const group = await tx.groups.get(parsed.groupID);
  if (group?.type === GROUP_TYPE.AVCHATROOM) throw ParleyError.of('MSG_MODIFY_DISABLED_IN_AV');
}

function checkContent(d: Domain, row: MessageRow, input: ModifyMessage, userID: string): Record<string, unknown> {
  const payload = input.payload ?? (JSON.parse(row.payload) as Record<string, unknown>);
  if (input.payload !== undefined) {
    if (row.sender !== userID) throw ParleyError.of('MSG_MODIFY_NOT_SENDER');
    if (!EDITABLE.has(row.type))
      throw ParleyError.of('INVALID_PARAMS', `a ${row.type} message's content cannot change`);
    // EDIT2: a text's content only within the edit window; cloudCustomData and other types keep the reference's rules.
    const window = d.actionSettings.editWindowSeconds ?? EDIT_LIMITS.editWindowSeconds;
    if (row.type === MESSAGE_TYPE.TEXT && window > 0 && nowSeconds(d) - row.time > window)
      throw ParleyError.of('MSG_EDIT_TIME_LIMIT');
    const problem = payloadProblem(row.type, input.payload);
    if (problem) throw ParleyError.of('INVALID_PARAMS', problem);
  }
  // Whatever the type, and the cloudCustomData too: a change is filtered as a send is (ABU16).
  if (d.contentFilter.blocks(storedText(input.payload ?? {}, input.cloudCustomData)))
    throw ParleyError.of('PROHIBITED_CONTENT');
  if (messageBytes(payload, input.cloudCustomData ?? row.cloudCustomData) > LIMITS.messageBytes)
    throw ParleyError.of('MESSAGE_TOO_LONG');
  return payload;
}

/**
 * Writes a new version of a stored message in place: version + 1, a new change sequence, the stored wire JSON
 * rebuilt. The caller holds the conversation's lock; the write is still a compare-and-set on the version.
 */
export async function writeVersion(
  tx: Repos,
  row: MessageRow,
  next: Pick<MessageRow, 'payload' | 'cloudCustomData' | 'isRevoked' | 'revoker' | 'isModified' | 'editedAt'>,
): Promise<{ message: WireMessage; changeSequence: number }> {
  const changeSeq = await tx.actions.nextChange(row.conversationID);
  const updated: MessageRow = { ...row, ...next, modifyVersion: row.modifyVersion + 1 };
  const message = toWire(updated);
  const ok = await tx.actions.update(row.conversationID, row.seq, row.modifyVersion, {
    payload: next.payload,
    cloudCustomData: next.cloudCustomData,
    isRevoked: next.isRevoked,
    isModified: next.isModified,
    ...(next.revoker ? { revoker: next.revoker } : {}),
    ...(next.editedAt !== undefined ? { editedAt: next.editedAt } : {}),
    modifyVersion: updated.modifyVersion,
    wire: JSON.stringify(message),
    changeSeq,
  });
  if (!ok) {
    const latest = await tx.messages.get(row.conversationID, row.seq);
    throw conflict(toWire(latest ?? row));
  }
  return { message, changeSequence: changeSeq };
}

export function emitChanged(
  emit: Emit,
  kind: 'modified' | 'revoked',
  key: string,
  changed: { message: WireMessage; changeSequence: number },
) {
  emitToMembers(emit, key, { type: 'message.changed', kind, ...changed });
}

/**
 * modifyMessage (rules ACT1–ACT3, ABU11, ABU15, ABU16): any member may change `cloudCustomData` (replies and older
 * reactions live there), only the sender a text's content; not a muted member, nor a blocked user towards the blocker. A stale `version` is refused with 2480 and the latest message; the change
 * reaches every member's devices as `message.changed` and a client that was away from `…/changes` (ACT9).
 */
export async function modifyMessage(
  d: Domain,
  userID: string,
  conversationID: string,
  messageID: string,
  input: ModifyMessage,
): Promise<WireMessage> {
  if (input.payload === undefined && input.cloudCustomData === undefined)
    throw ParleyError.of('INVALID_PARAMS', 'nothing to modify: give cloudCustomData or payload');
  // Rule IN2: no NUL anywhere in what is stored, refused before the message is even looked up.
  if (input.payload !== undefined && hasNul(input.payload))
    throw ParleyError.of('INVALID_PARAMS', 'payload must not contain NUL characters');
  const refs = referenceUploads(d, input.payload, input.cloudCustomData);
  if (refs) await refs;
  const result = await commit(d, async (tx, emit) => {
    await refuseAV(tx, conversationID);
    const member = await findTarget(tx, userID, conversationID, messageID);
    await tx.conversations.lock(member.key);
    // Read again under the lock: the version compared is the one this transaction will overwrite.
    const row = (await tx.messages.get(member.key, member.row.seq)) ?? member.row;
    if (row.isRevoked) throw ParleyError.of('MESSAGE_NOT_FOUND', 'The message was recalled');
    // Refusals a send would get come before the version: a muted or blocked caller learns nothing by retrying.
    await refuseBlocked(d, row.conversationID, userID, row);
    await refuseMuted(tx, row.conversationID, userID, nowSeconds(d));
    if (input.version !== row.modifyVersion) throw conflict(toWire(row));
    const payload = JSON.stringify(checkContent(d, row, input, userID));
    const edited = input.payload === undefined ? 0 : await keepEarlierText(d, tx, row, payload);
    const changed = await writeVersion(tx, row, {
      payload,
      cloudCustomData: input.cloudCustomData ?? row.cloudCustomData,
      isRevoked: false,
      revoker: row.revoker,
      isModified: true,
      ...(edited ? { editedAt: edited } : {}),
    });
    emitChanged(emit, 'modified', row.conversationID, changed);
    return { key: row.conversationID, message: changed.message };
  });
  pagesChanged(d, result.key);
  return result.message;
}

/**
 * EDIT4, EDIT5: a text whose content changes keeps the content it had, by the version it had, in the same transaction;
 * answers the edit's time. Unchanged text (or another type's payload, or only cloudCustomData) is no edit: 0.
 */
async function keepEarlierText(d: Domain, tx: Repos, row: MessageRow, payload: string): Promise<number> {
  if (row.type !== MESSAGE_TYPE.TEXT || payload === row.payload) return 0;
  const now = nowSeconds(d);
  const { conversationID, seq, modifyVersion: version } = row;
  await tx.edits.keep({ conversationID, seq, version, payload: row.payload, replacedAt: now });
  return now;
}

/** True when a string anywhere in the value holds a NUL character. */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(hasNul);
  return false;
}
