import { type ChatConversation, TYPES } from '../provider/chat-port.ts';

/** Decision 0043: a conversation's marks, kept on the server per user (MARK1). */
export const isStarred = (c: ChatConversation) => c.markList?.includes(TYPES.CONV_MARK_TYPE_STAR) ?? false;
export const isMarkedUnread = (c: ChatConversation) => c.markList?.includes(TYPES.CONV_MARK_TYPE_UNREAD) ?? false;

/**
 * MARK12: what the open conversation counts as unread: its messages, or 1 while it is marked unread, so opening a
 * marked conversation reads it and the mark goes everywhere (MARK7).
 */
export const unreadForReading = (c: ChatConversation | null | undefined) =>
  c ? c.unreadCount || (isMarkedUnread(c) ? 1 : 0) : 0;

/** The system conversation takes no mark (MARK4). */
export const canMark = (c: ChatConversation) => c.conversationID !== TYPES.CONV_SYSTEM;
