import type { ChatMessage, ChatResponse } from '../../provider/chat-port.ts';

export interface ReactionEntry {
  reactionID: string;
  totalUserCount: number;
  partialUserList: { userID: string; nick: string; avatar: string }[];
  reactedByMyself: boolean;
}

/**
 * The SDK's message-action methods (reference §3.3) the kit calls. Optional on the SDK: with an SDK that lacks them
 * the menu offers only what works (copy).
 */
export interface ActionPort {
  revokeMessage(message: ChatMessage): Promise<unknown>;
  deleteMessage(messageList: ChatMessage[]): Promise<unknown>;
  addMessageReaction(message: ChatMessage, reactionID: string): Promise<unknown>;
  removeMessageReaction(message: ChatMessage, reactionID: string): Promise<unknown>;
  getMessageReactions(options: {
    messageList: ChatMessage[];
  }): Promise<ChatResponse<{ resultList: { messageID: string; reactionList: ReactionEntry[] }[] }>>;
}

const METHODS = [
  'revokeMessage',
  'deleteMessage',
  'addMessageReaction',
  'removeMessageReaction',
  'getMessageReactions',
] as const;

/** The port when the SDK has every method, else null. */
export function actionPortOf(chat: object): ActionPort | null {
  const c = chat as Record<string, unknown>;
  return METHODS.every((m) => typeof c[m] === 'function') ? (chat as unknown as ActionPort) : null;
}
