import { CONVERSATION_TYPE, ParleyError } from '@parley/protocol';

const USER_ID = /^[A-Za-z0-9_.@-]{1,64}$/;
const GROUP_ID = /^[A-Za-z0-9_.@#-]{1,48}$/;

export type ParsedConversationID =
  | { type: 'C2C'; peer: string }
  | { type: 'GROUP'; groupID: string }
  | { type: '@TIM#SYSTEM' };

/** Parses a conversation ID as its member sees it: `C2C<userID>`, `GROUP<groupID>` or `@TIM#SYSTEM`. */
export function parseConversationID(conversationID: string): ParsedConversationID {
  if (conversationID.startsWith(CONVERSATION_TYPE.C2C)) {
    const peer = conversationID.slice(CONVERSATION_TYPE.C2C.length);
    if (USER_ID.test(peer)) return { type: 'C2C', peer };
  } else if (conversationID.startsWith(CONVERSATION_TYPE.GROUP)) {
    const groupID = conversationID.slice(CONVERSATION_TYPE.GROUP.length);
    if (GROUP_ID.test(groupID)) return { type: 'GROUP', groupID };
  } else if (conversationID === CONVERSATION_TYPE.SYSTEM) return { type: CONVERSATION_TYPE.SYSTEM };
  throw ParleyError.of('INVALID_PARAMS', `invalid conversationID "${conversationID}"`);
}

/** A one-to-one conversation's peer; other conversations are refused where only C2C makes sense. */
export function peerOf(conversationID: string): string {
  const parsed = parseConversationID(conversationID);
  if (parsed.type !== 'C2C') throw ParleyError.of('CONV_NOT_FOUND');
  return parsed.peer;
}
