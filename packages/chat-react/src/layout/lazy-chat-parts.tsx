/**
 * What the chat's first paint does not need loads when first used (PERF4, PERF5): the open conversation's window
 * (header, message list, input, voice, location, message actions, call buttons) once a conversation is opened, and
 * the call screens once a call rings or a call dialog shows. The call store and its signalling listener stay in the
 * first load, so an incoming call rings (the tone, the notification) while its screen loads.
 */
import { Suspense } from 'react';
import { ChatEmpty } from '../chat/chat-empty.tsx';
import { useCurrentConversation } from '../hooks/use-chat.ts';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useWanted } from '../hooks/use-wanted.ts';
import { useKit } from '../provider/kit-context.ts';
import { loadOnce, RetryLazy } from './retry-lazy.tsx';

/** Starts loading the chat window (once, again after a failure); the list calls it on the first sign of intent. */
export const loadChatWindow = loadOnce(() => import('../chat/chat-window.tsx'));
const chatWindow = () => loadChatWindow().then((m) => ({ default: m.ChatWindow }));
const callOverlay = loadOnce(() => import('../calls/call-overlay.tsx').then((m) => ({ default: m.CallOverlay })));

/** The chat column while its code loads: the column's frame, busy, so the layout does not jump. */
function ChatLoading() {
  const t = useT();
  return (
    <section className="pc-chat pc-chat--empty" aria-busy="true" data-testid="chat-loading">
      <span className="pc-visually-hidden">{t('chat.loading')}</span>
    </section>
  );
}

export function LazyChatWindow() {
  const { conversationID } = useCurrentConversation();
  if (!conversationID) return <ChatEmpty />;
  return (
    <RetryLazy load={chatWindow}>
      {(ChatWindow) => (
        <Suspense fallback={<ChatLoading />}>
          <ChatWindow />
        </Suspense>
      )}
    </RetryLazy>
  );
}

/** The call screens and dialogs, loaded the first time a call starts, rings or fails, and kept from then on. */
export function LazyCallOverlay() {
  const kit = useKit();
  const call = useStore(kit.calls);
  const dialog = useStore(kit.calls.dialog);
  const wanted = useWanted(call.phase !== 'idle' || dialog !== null);
  return wanted ? (
    <RetryLazy load={callOverlay} overlay>
      {(CallOverlay) => (
        <Suspense fallback={null}>
          <CallOverlay />
        </Suspense>
      )}
    </RetryLazy>
  ) : null;
}
