import { CONVERSATION_GROUP_LIMITS as L, type ConversationListResult, ParleyError } from '@parley/protocol';
import { commit, type Domain } from '../context.ts';
import { changed } from '../conversations/actions.ts';
import { eachConversation, memberFor } from './actions.ts';

/**
 * setConversationCustomData (CGRP14): my own text on each conversation of the list, at most 256 UTF-8 bytes, kept in
 * my member row so every device of mine reads it with the list and hears a change as `conversation.changed`. The
 * peer never sees it (CGRP15). One transaction; each conversation answered on its own.
 */
export async function setConversationCustomData(
  d: Domain,
  userID: string,
  ids: readonly string[],
  customData: string,
): Promise<ConversationListResult> {
  if (Buffer.byteLength(customData, 'utf8') > L.customDataBytes)
    throw ParleyError.of('INVALID_PARAMS', `customData is at most ${L.customDataBytes} bytes`);
  return commit(d, async (tx, emit) =>
    eachConversation(ids, async (conversationID) => {
      const member = await memberFor(d, tx, userID, conversationID);
      if (member.customData === customData) return; // CGRP6: no change, no write and no push
      await tx.conversations.updateMember(userID, conversationID, { customData });
      await changed(tx, emit, userID, conversationID);
    }),
  );
}
