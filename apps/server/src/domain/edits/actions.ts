import { type MessageVersion, ParleyError } from '@parley/protocol';
import type { Domain } from '../context.ts';
import { findTarget } from '../actions/target.ts';

function parsePayload(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * EDIT5, EDIT6: the earlier contents of one of my messages, oldest first, each with when it was written and when an
 * edit replaced it. Only the sender asks (60044 for anyone else in the conversation, 20026 outside it or for a
 * recalled or cleared message): the peer sees the current text and the mark, never what was taken back.
 */
export async function messageVersions(
  d: Domain,
  userID: string,
  conversationID: string,
  messageID: string,
): Promise<MessageVersion[]> {
  const { row } = await findTarget(d.storage, userID, conversationID, messageID);
  if (row.isRevoked) throw ParleyError.of('MESSAGE_NOT_FOUND', 'The message was recalled');
  if (row.sender !== userID) throw ParleyError.of('MSG_VERSIONS_NOT_SENDER');
  const rows = await d.storage.edits.list(row.conversationID, row.seq);
  let since = row.time;
  return rows.map((r) => {
    const version = { version: r.version, payload: parsePayload(r.payload), time: since, replacedTime: r.replacedAt };
    since = r.replacedAt;
    return version;
  });
}
