import type { ChatConversation } from '../provider/chat-port.ts';

const lastTime = (c: ChatConversation) => c.lastMessage?.lastTime ?? 0;

/**
 * Pinned rows first, then the most recent activity. The SDK sorts too; sorting again keeps the list right whatever
 * order an SDK event delivers, and the sort is stable so equal rows keep the SDK's order.
 */
export function sortConversations(list: readonly ChatConversation[]): ChatConversation[] {
  return [...list].sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || lastTime(b) - lastTime(a));
}
