import { ParleyError } from '@parley/protocol';
import { commit, type Domain, nowSeconds, userTopic } from '../context.ts';
import { isBlockedBy } from '../contacts/block-cache.ts';
import { peerOf } from '../conversations/ids.ts';
import { c2cViewID } from '../messages/c2c.ts';
import { memberOf } from './target.ts';

/**
 * sendMessageReadReceipt, one-to-one (rule ACT14): the peer's messages sent with `needReadReceipt` are marked read
 * by me, once each; the sender's devices get `message.receipt` (MESSAGE_READ_RECEIPT_RECEIVED). Other messages in the
 * list are ignored, as the reference does; the conversation's unread count is not changed.
 */
export async function sendC2CReceipts(d: Domain, userID: string, conversationID: string, ids: readonly string[]) {
  const peer = peerOf(conversationID);
  const now = nowSeconds(d);
  // A receipt is an event from me to the peer: none to a peer who blocked me (ABU11).
  if (await isBlockedBy(d, peer, userID)) throw ParleyError.of('BLOCKED_BY_RECIPIENT');
  return commit(d, async (tx, emit) => {
    const member = await memberOf(tx, userID, conversationID);
    const wanted = new Map<number, string>();
    for (const id of new Set(ids)) {
      const row = await tx.messages.byConversationID(member.conversationID, id);
      if (row && row.sender === peer && row.needReadReceipt && !row.isRevoked) wanted.set(row.seq, row.id);
    }
    const added = await tx.actions.addReceipts(member.conversationID, [...wanted.keys()], userID, now);
    const messageIDList = added.map((seq) => wanted.get(seq) as string);
    if (messageIDList.length > 0 && peer !== userID) {
      emit(userTopic(peer), {
        type: 'message.receipt',
        conversationID: c2cViewID(userID),
        userID,
        messageIDList,
        timestamp: now,
      });
    }
    return messageIDList;
  });
}

/** getMessageReadReceiptList, one-to-one: for my messages, whether the peer sent a receipt and when. */
export async function c2cReceiptList(d: Domain, userID: string, conversationID: string, ids: readonly string[]) {
  const peer = peerOf(conversationID);
  const member = await memberOf(d.storage, userID, conversationID);
  const rows = [];
  for (const id of new Set(ids)) {
    const row = await d.storage.messages.byConversationID(member.conversationID, id);
    if (!row) throw ParleyError.of('MESSAGE_NOT_FOUND');
    if (row.sender === userID) rows.push(row);
  }
  const receipts = await d.storage.actions.receipts(
    member.conversationID,
    rows.map((r) => r.seq),
  );
  const readAt = new Map(receipts.filter((r) => r.reader === peer).map((r) => [r.seq, r.readAt]));
  return rows.map((r) => ({ messageID: r.id, isPeerRead: readAt.has(r.seq), timestamp: readAt.get(r.seq) ?? 0 }));
}
