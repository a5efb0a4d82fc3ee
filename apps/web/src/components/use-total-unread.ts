import TencentCloudChat from '@parley/chat';
import { useSyncExternalStore } from 'react';
import { chat } from '../session/index.ts';

const { EVENT } = TencentCloudChat;

/**
 * The total unread count for the shared header on every page (UI8), read from the session's SDK instance: the portal
 * pages have no chat kit mounted, and importing the kit there would bring its styles along.
 */
function subscribe(listener: () => void): () => void {
  const events = [EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, EVENT.SDK_READY, EVENT.SDK_NOT_READY] as const;
  for (const name of events) chat.on(name, listener);
  return () => {
    for (const name of events) chat.off(name, listener);
  };
}

const snapshot = (): number => (chat.isReady() ? chat.getTotalUnreadMessageCount() : 0);

export function useTotalUnread(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The badge text: nothing at 0, '99+' above 99 (seed 000 §2). */
export function unreadBadge(total: number): string | null {
  if (total <= 0) return null;
  return total > 99 ? '99+' : String(total);
}
