import { useEffect, useRef } from 'react';
import { ConversationList } from '../conversation-list/conversation-list.tsx';
import { useCurrentConversation } from '../hooks/use-chat.ts';
import { LazyCallOverlay, LazyChatWindow, loadChatWindow } from './lazy-chat-parts.tsx';

/**
 * The whole chat: list and chat side by side on desktop; at 768 px and below, one screen at a time (the chat's back
 * arrow returns to the list). The view switch is pure CSS on data-view, so resizing needs no re-render.
 * The chat window and the call screens are not in the first load (PERF4, PERF5); a pointer over the chat or focus in
 * it starts loading the window before the click or key that opens a conversation, and so does the first idle moment
 * after the list painted.
 */
/** The longest the chat window's code waits for an idle moment after the list painted before it loads anyway. */
const IDLE_PREFETCH_MS = 2000;

export function ChatApp({ className }: { className?: string }) {
  const { conversationID } = useCurrentConversation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // A failed load is shown (and retried) by the window itself when it is opened (PERF7); here it is only early.
    const load = () => void loadChatWindow().catch(() => undefined);
    el.addEventListener('pointerover', load, { once: true });
    el.addEventListener('focusin', load, { once: true });
    // And once the list has painted and the page is idle anyway: a reader who opens a conversation only after going
    // offline (a train, a lift) still finds the window there (PERF7).
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(load, { timeout: IDLE_PREFETCH_MS })
      : window.setTimeout(load, IDLE_PREFETCH_MS);
    return () => {
      el.removeEventListener('pointerover', load);
      el.removeEventListener('focusin', load);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
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
