import { REMIND_TYPE } from './constants.ts';
import type { WireConversation } from './schemas/conversation.ts';

/** A conversation with nothing in it yet: a peer never messaged, or one just learned of by push. */
export function emptyConversation(conversationID: string, type: string): WireConversation {
  return {
    conversationID,
    type,
    lastMessage: null,
    unreadCount: 0,
    readSequence: 0,
    peerReadSequence: 0,
    lastSequence: 0,
    clearedSequence: 0,
    isPinned: false,
    pinnedAt: 0,
    messageRemindType: REMIND_TYPE.ACCEPT_AND_NOTIFY,
    draftText: '',
    draftTime: 0,
    markBits: [],
    groupNames: [],
    customData: '',
    hidden: false,
    syncVersion: 0,
  };
}
