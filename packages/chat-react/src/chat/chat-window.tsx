import { useCallback, useState } from 'react';
import { GroupPanel } from '../group/panel/group-panel.tsx';
import { ReadReceiptDialog } from '../group/read-receipt-dialog.tsx';
import { SystemNotices } from '../group/system-notices.tsx';
import { useCurrentConversation } from '../hooks/use-chat.ts';
import { useT } from '../hooks/use-t.ts';
import { ChatIcon } from '../icons/icons.tsx';
import { MessageInput } from '../message-input/message-input.tsx';
import { MessageList } from '../message-list/message-list.tsx';
import { NetworkBanner } from '../network/network-banner.tsx';
import { TYPES } from '../provider/chat-port.ts';
import { useKit } from '../provider/kit-context.ts';
import { ChatHeader } from './chat-header.tsx';
import { ResendDialog } from './resend-dialog.tsx';
// Message actions (issue 9 §8–§11): multi-select bar, forward dialog, merged records, replies
import { ActionLayer } from '../actions/records-ui.tsx';

/**
 * The chat window of seed 000 §2: header, virtualized message list, input, resend confirmation; for groups the
 * management panel and the read-receipt dialog; the system conversation shows the system-notification view.
 */
export function ChatWindow() {
  const kit = useKit();
  const t = useT();
  const { conversationID, conversation } = useCurrentConversation();
  const [resendID, setResendID] = useState<string | null>(null);
  const [receiptID, setReceiptID] = useState<string | null>(null);
  const [panelFor, setPanelFor] = useState<string | null>(null);
  const back = useCallback(() => kit.close(), [kit]);

  if (!conversationID) {
    return (
      <section className="pc-chat pc-chat--empty" aria-label={t('chat.empty')}>
        <ChatIcon className="pc-chat__empty-icon" />
        <p>{t('chat.empty')}</p>
      </section>
    );
  }

  if (conversationID === TYPES.CONV_SYSTEM) {
    return (
      <section className="pc-chat" aria-labelledby="pc-chat-title" data-testid="chat-window">
        <ChatHeader conversationID={conversationID} conversation={conversation} onBack={back} />
        <SystemNotices key={conversationID} />
      </section>
    );
  }

  const submitResend = () => {
    if (resendID) kit.messages.resend(resendID);
    setResendID(null);
  };
  const isGroup = conversationID.startsWith(TYPES.CONV_GROUP);

  return (
    <section className="pc-chat" aria-labelledby="pc-chat-title" data-testid="chat-window">
      <ChatHeader
        conversationID={conversationID}
        conversation={conversation}
        onBack={back}
        onManage={isGroup ? () => setPanelFor(conversationID) : undefined}
      />
      <NetworkBanner className="pc-banner--narrow" />
      <MessageList
        key={conversationID}
        unreadCount={conversation?.unreadCount ?? 0}
        onResend={setResendID}
        onReadState={setReceiptID}
      />
      <MessageInput key={`input-${conversationID}`} conversationID={conversationID} />
      <ActionLayer />
      <ResendDialog open={resendID !== null} onCancel={() => setResendID(null)} onSubmit={submitResend} />
      {isGroup && (
        <>
          <ReadReceiptDialog messageID={receiptID} onClose={() => setReceiptID(null)} />
          <GroupPanel open={panelFor === conversationID} onClose={() => setPanelFor(null)} />
        </>
      )}
    </section>
  );
}
