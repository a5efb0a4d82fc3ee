import { CONVERSATION_TYPE, ParleyError } from '@parley/protocol';

const USER_ID = /^[A-Za-z0-9_.@-]{1,64}$/;

/** Parses a conversation ID as its member sees it (`C2C<userID>`); groups arrive with their issue. */
export function parseConversationID(conversationID: string): { type: 'C2C'; peer: string } {
  if (conversationID.startsWith(CONVERSATION_TYPE.C2C)) {
    const peer = conversationID.slice(CONVERSATION_TYPE.C2C.length);
    if (USER_ID.test(peer)) return { type: 'C2C', peer };
  }
  throw ParleyError.of('INVALID_PARAMS', `invalid conversationID "${conversationID}"`);
}
