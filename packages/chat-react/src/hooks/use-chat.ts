import { useMemo } from 'react';
import type { Announcement } from '../a11y/announcer.ts';
import type { ConversationsState } from '../conversation-list/conversation-store.ts';
import type { MessagesState } from '../message-list/message-store.ts';
import type { NetState } from '../network/net-store.ts';
import type { ChatConversation } from '../provider/chat-port.ts';
import { useKit } from '../provider/kit-context.ts';
import type { Toast } from '../toast/toast-state.ts';
import { useStore } from './use-store.ts';

/** The conversation list (pinned first, then by last activity). */
export function useConversationList(): ConversationsState {
  return useStore(useKit().conversations);
}

export interface CurrentConversation {
  conversationID: string | null;
  /** The list's row when present, else the profile fetched for a new chat; null while it loads. */
  conversation: ChatConversation | null;
}

export function useCurrentConversation(): CurrentConversation {
  const kit = useKit();
  const { list } = useStore(kit.conversations);
  const { conversationID, profile } = useStore(kit.current);
  return useMemo(() => {
    const row = conversationID ? list.find((c) => c.conversationID === conversationID) : undefined;
    return { conversationID, conversation: row ?? profile };
  }, [list, conversationID, profile]);
}

/** Messages of the open conversation. */
export function useMessages(): MessagesState {
  return useStore(useKit().messages);
}

export function useNetState(): NetState {
  return useStore(useKit().net);
}

export function useTotalUnread(): number {
  return useStore(useKit().unread);
}

export function useToasts(): readonly Toast[] {
  return useStore(useKit().toasts);
}

export function useAnnouncement(): Announcement | null {
  return useStore(useKit().announcer);
}
