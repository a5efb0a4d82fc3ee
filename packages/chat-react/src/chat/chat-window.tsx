import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useGroup } from '../hooks/use-group.ts';
import { DropOverlay, useDropZone } from '../rich/input-plugins.tsx';
import { useCurrentConversation } from '../hooks/use-chat.ts';
import { MessageInput } from '../message-input/message-input.tsx';
import { MessageList } from '../message-list/message-list.tsx';
import { unreadForReading } from '../conversation-list/marks.ts';
import { NetworkBanner } from '../network/network-banner.tsx';
// Pinned group messages (decision 0041)
import { PinnedBar } from '../pins/pinned-bar.tsx';
import { TYPES } from '../provider/chat-port.ts';
import { useKit } from '../provider/kit-context.ts';
import { ChatEmpty } from './chat-empty.tsx';
import { ChatHeader } from './chat-header.tsx';
import { ConversationSearch } from '../search/conversation-search.tsx';
import { ResendDialog } from './resend-dialog.tsx';

// Message actions (decision 0015): multi-select bar, forward dialog, merged records, replies; the system
// notification view. Like a group's management panel and read-receipt dialog, they load when first shown (the
// chat's first load, ≤ 250 KB).
const ActionLayer = lazy(() => import('../actions/action-layer.tsx').then((m) => ({ default: m.ActionLayer })));
const SystemNotices = lazy(() => import('../group/system-notices.tsx').then((m) => ({ default: m.SystemNotices })));
// A group's management panel and read-receipt dialog load when first opened (the chat's first load, ≤ 250 KB).
const GroupPanel = lazy(() => import('../group/panel/group-panel.tsx').then((m) => ({ default: m.GroupPanel })));
const ReadReceiptDialog = lazy(() =>
  import('../group/read-receipt-dialog.tsx').then((m) => ({ default: m.ReadReceiptDialog })),
);

/**
 * The chat window of seed 000 §2: header, virtualized message list, input, resend confirmation; for groups the
 * management panel and the read-receipt dialog; the system conversation shows the system-notification view.
 */
export function ChatWindow() {
  const kit = useKit();
  const { conversationID, conversation } = useCurrentConversation();
  const [resendID, setResendID] = useState<string | null>(null);
  const [receiptID, setReceiptID] = useState<string | null>(null);
  const [panelFor, setPanelFor] = useState<string | null>(null);
  const group = useGroup();
  const back = useCallback(() => kit.close(), [kit]);

  if (!conversationID) return <ChatEmpty />;

  if (conversationID === TYPES.CONV_SYSTEM) {
    return (
      <section className="pc-chat" aria-labelledby="pc-chat-title" data-testid="chat-window">
        <ChatHeader conversationID={conversationID} conversation={conversation} onBack={back} />
        <Suspense fallback={null}>
          <SystemNotices key={conversationID} />
        </Suspense>
      </section>
    );
  }

  const isGroup = conversationID.startsWith(TYPES.CONV_GROUP);

  return (
    <DropZone muted={isGroup && group.groupID !== null && group.mute !== null}>
      <ChatHeader
        conversationID={conversationID}
        conversation={conversation}
        onBack={back}
        onManage={isGroup ? () => setPanelFor(conversationID) : undefined}
      />
      <NetworkBanner className="pc-banner--narrow" />
      <ConversationSearch conversationID={conversationID} />
      {isGroup && <PinnedBar />}
      <MessageList
        key={conversationID}
        // MARK12: a conversation marked unread counts as unread here, so opening it reads it.
        unreadCount={unreadForReading(conversation)}
        onResend={setResendID}
        onReadState={setReceiptID}
      />
      <MessageInput key={`input-${conversationID}`} conversationID={conversationID} />
      <Suspense fallback={null}>
        <ActionLayer />
      </Suspense>
      <ResendDialog ID={resendID} onClose={() => setResendID(null)} />
      {isGroup && (
        <Suspense fallback={null}>
          {receiptID !== null && <ReadReceiptDialog messageID={receiptID} onClose={() => setReceiptID(null)} />}
          {panelFor === conversationID && <GroupPanel open onClose={() => setPanelFor(null)} />}
        </Suspense>
      )}
    </DropZone>
  );
}

/** The open chat's section: files dropped anywhere on it are sent, with an overlay while they are dragged (UI26). */
function DropZone({ muted, children }: { muted: boolean; children: ReactNode }) {
  const { dragging, handlers } = useDropZone(muted);
  return (
    <section
      className="pc-chat"
      aria-labelledby="pc-chat-title"
      data-testid="chat-window"
      data-dragging={dragging || undefined}
      {...handlers}
    >
      {children}
      {dragging && <DropOverlay />}
    </section>
  );
}
