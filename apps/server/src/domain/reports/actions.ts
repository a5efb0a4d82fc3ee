import { type ReportMessage, type ReportReceipt, REPORT_LIMITS, ParleyError } from '@parley/protocol';
import { findTarget } from '../actions/target.ts';
import { type Domain, nowSeconds } from '../context.ts';
import { toWire } from '../messages/wire.ts';
import type { ReportStore } from './ports.ts';

/** Tips, notices and my own messages are not reported (RPT1): there is nothing of another person's to judge. */
const NOT_REPORTABLE = new Set(['TIMGroupTipElem', 'TIMGroupSystemNoticeElem']);

/**
 * RPT1–RPT4: a user reports a message of a conversation they are a member of, as far as they can see it (the history
 * rule: not before what they cleared; 20026 otherwise, the same answer as for a message that does not exist). The
 * message and up to five before it are kept as they are now. A second report of the same message while the first is
 * open answers the first (idempotent); a new one may follow once it is resolved.
 */
export async function reportMessage(
  d: Domain,
  store: ReportStore,
  userID: string,
  input: ReportMessage,
): Promise<ReportReceipt> {
  const found = await findTarget(d.storage, userID, input.conversationID, input.messageID);
  const { row, key, member } = found;
  if (row.sender === userID || NOT_REPORTABLE.has(row.type) || row.isRevoked)
    throw ParleyError.of('INVALID_PARAMS', 'This message cannot be reported');
  const existing = await store.openReport(userID, key, row.id);
  if (existing) return { reportID: existing.id, status: existing.status };
  const before = await d.storage.messages.pageBefore(key, row.seq, REPORT_LIMITS.contextMessages, member.clearedSeq);
  const id = await store.insert({
    reporter: userID,
    conversationKey: key,
    messageID: row.id,
    sender: row.sender,
    reason: input.reason,
    note: (input.note ?? '').trim(),
    snapshot: JSON.stringify(toWire(row)),
    context: JSON.stringify(before.reverse().map(toWire)),
    createdAt: nowSeconds(d),
  });
  if (id !== undefined) return { reportID: id, status: 'open' };
  const raced = await store.openReport(userID, key, row.id);
  if (!raced) throw ParleyError.of('INTERNAL');
  return { reportID: raced.id, status: raced.status };
}
