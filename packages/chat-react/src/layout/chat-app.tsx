import { ChatWindow } from '../chat/chat-window.tsx';
import { CallOverlay } from '../calls/call-overlay.tsx';
import { ConversationList } from '../conversation-list/conversation-list.tsx';
import { useCurrentConversation } from '../hooks/use-chat.ts';

/**
 * The whole chat: list and chat side by side on desktop; at 768 px and below, one screen at a time (the chat's back
 * arrow returns to the list). The view switch is pure CSS on data-view, so resizing needs no re-render.
 */
export function ChatApp({ className }: { className?: string }) {
  const { conversationID } = useCurrentConversation();
  return (
    <div className={className ? `pc-app ${className}` : 'pc-app'} data-view={conversationID ? 'chat' : 'list'}>
      <ConversationList />
      <ChatWindow />
      <CallOverlay />
    </div>
  );
}
