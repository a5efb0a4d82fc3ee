import { CONVERSATION_TYPE } from '@parley/protocol';
import type { AppendResult, NewMessage, Repos } from '../ports.ts';

/** One shared conversation per pair of users, whoever writes first. */
export function c2cKey(a: string, b: string): string {
  return a < b ? `c2c:${a}|${b}` : `c2c:${b}|${a}`;
}

export const c2cViewID = (peer: string) => `${CONVERSATION_TYPE.C2C}${peer}`;

/**
 * Appends a one-to-one message inside the caller's transaction: creates the conversation and both
 * members' rows on first contact, assigns the next sequence (rule SEQ1), and on a new message bumps
 * both members' change cursors and shows the conversation again to a member who had deleted it.
 */
export async function appendC2C(
  tx: Repos,
  message: Omit<NewMessage, 'conversationID'>,
  now: number,
): Promise<AppendResult & { versions: Record<string, number> }> {
  const key = c2cKey(message.sender, message.receiver);
  await tx.conversations.ensure(key, CONVERSATION_TYPE.C2C, now);
  // Rows are locked in userID order, whoever sends: with sender-first order, crossing sends (a→b, b→c, c→a)
  // each held one user's sync row while waiting for the next one's, and PostgreSQL aborted them as deadlocks.
  const sides = [
    { userID: message.sender, peerID: message.receiver },
    { userID: message.receiver, peerID: message.sender },
  ].sort((x, y) => (x.userID < y.userID ? -1 : x.userID > y.userID ? 1 : 0));
  for (const s of sides) {
    await tx.conversations.ensureMember({
      conversationID: key,
      userID: s.userID,
      viewID: c2cViewID(s.peerID),
      peerID: s.peerID,
    });
  }
  const result = await tx.messages.append({ ...message, conversationID: key });
  const versions: Record<string, number> = {};
  if (result.created) {
    for (const s of sides) {
      const view = c2cViewID(s.peerID);
      if (s.userID === message.sender)
        await tx.conversations.updateMember(s.userID, view, { hidden: false, readSeq: result.message.seq });
      else await tx.conversations.updateMember(s.userID, view, { hidden: false });
      versions[s.userID] = await tx.conversations.touch(s.userID, view);
    }
  }
  return { ...result, versions };
}
