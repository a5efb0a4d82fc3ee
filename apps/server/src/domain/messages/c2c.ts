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
): Promise<AppendResult> {
  const key = c2cKey(message.sender, message.receiver);
  // Rows are locked in userID order, whoever sends: with sender-first order, crossing sends (a→b, b→c, c→a)
  // each held one user's sync row while waiting for the next one's, and PostgreSQL aborted them as deadlocks.
  const sides = [
    { userID: message.sender, peerID: message.receiver },
    { userID: message.receiver, peerID: message.sender },
  ].sort((x, y) => (x.userID < y.userID ? -1 : x.userID > y.userID ? 1 : 0));
  // The conversation and both member rows are created together, so one lookup tells whether to create them.
  if (!(await tx.conversations.get(key))) {
    await tx.conversations.ensure(key, CONVERSATION_TYPE.C2C, now);
    for (const s of sides) {
      await tx.conversations.ensureMember({
        conversationID: key,
        userID: s.userID,
        viewID: c2cViewID(s.peerID),
        peerID: s.peerID,
      });
    }
  }
  const result = await tx.messages.append({ ...message, conversationID: key });
  if (result.created) {
    for (const s of sides) {
      // Sending reads everything before it (rule RD2); a member who had deleted the conversation sees it again.
      const fields = s.userID === message.sender ? { hidden: false, readSeq: result.message.seq } : { hidden: false };
      await tx.conversations.touch(s.userID, c2cViewID(s.peerID), fields);
    }
  }
  return result;
}
