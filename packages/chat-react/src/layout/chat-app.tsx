import { useEffect, useRef } from 'react';
import { ConversationList } from '../conversation-list/conversation-list.tsx';
import { useCurrentConversation } from '../hooks/use-chat.ts';
import { LazyCallOverlay, LazyChatWindow, loadChatWindow } from './lazy-chat-parts.tsx';

/**
 * The whole chat: list and chat side by side on desktop; at 768 px and below, one screen at a time (the chat's back
 * arrow returns to the list). The view switch is pure CSS on data-view, so resizing needs no re-render.
 * The chat window and the call screens load when first used (PERF4, PERF5); a pointer over the chat or focus in it
 * starts loading the window before the click or key that opens a conversation.
 */
export function ChatApp({ className }: { className?: string }) {
  const { conversationID } = useCurrentConversation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const load = () => void loadChatWindow();
    el.addEventListener('pointerover', load, { once: true });
    el.addEventListener('focusin', load, { once: true });
    return () => {
      el.removeEventListener('pointerover', load);
      el.removeEventListener('focusin', load);
    };
  }, []);
  return (
    <div
      ref={ref}
      className={className ? `pc-app ${className}` : 'pc-app'}
      data-view={conversationID ? 'chat' : 'list'}
    >
      <ConversationList />
      <LazyChatWindow />
      <LazyCallOverlay />
    </div>
  );
}
