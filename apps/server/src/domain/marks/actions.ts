import { type MarkResult, ParleyError } from '@parley/protocol';
import { commit, type Domain, type Emit } from '../context.ts';
import { changed, ensureMember } from '../conversations/actions.ts';
import { parseConversationID } from '../conversations/ids.ts';
import type { Repos } from '../ports.ts';
import { withBit } from './mask.ts';

/**
 * markConversation (decision 0043): my marks live in my member row, so every device of mine reads them with the list
 * (MARK1) and a change reaches them as `conversation.changed`, like a pin (MARK5). Each conversation is answered on
 * its own (MARK4): one the user may not mark fails alone. The whole call is one transaction, so a list of 100 costs
 * one commit; a refusal is a check that throws before its conversation writes anything, so it never spoils the rest.
 */
export async function markConversations(
  d: Domain,
  userID: string,
  conversationIDList: readonly string[],
  markBit: number,
  enableMark: boolean,
): Promise<MarkResult> {
  return commit(d, async (tx, emit) => {
    const result: MarkResult = { successConversationIDList: [], failureConversationIDList: [] };
    for (const conversationID of new Set(conversationIDList)) {
      try {
        await markOne(d, tx, emit, userID, conversationID, markBit, enableMark);
        result.successConversationIDList.push(conversationID);
      } catch (err) {
        if (!(err instanceof ParleyError)) throw err;
        result.failureConversationIDList.push({ conversationID, code: err.code, message: err.message });
      }
    }
    return result;
  });
}

async function markOne(
  d: Domain,
  tx: Repos,
  emit: Emit,
  userID: string,
  conversationID: string,
  bit: number,
  on: boolean,
): Promise<void> {
  const parsed = parseConversationID(conversationID);
  if (parsed.type === '@TIM#SYSTEM') throw ParleyError.of('INVALID_PARAMS', 'the system conversation takes no mark');
  // MARK4: a group is marked by its members only; a one-to-one mark to a peer never messaged creates the
  // conversation, as a pin does (ensureMember checks the peer exists before it writes).
  if (parsed.type === 'GROUP' && !(await tx.conversations.getMember(userID, conversationID)))
    throw ParleyError.of('GROUP_NO_PERMISSION', 'You are not a member of this group');
  const member = await ensureMember(d, tx, userID, conversationID);
  const markMask = withBit(member.markMask, bit, on);
  if (markMask === member.markMask) return; // MARK6: no change, no write and no push
  await tx.conversations.updateMember(userID, conversationID, { markMask });
  await changed(tx, emit, userID, conversationID);
}
