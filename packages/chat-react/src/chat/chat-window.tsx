import { useCallback, useState } from 'react';
import { useCurrentConversation } from '../hooks/use-chat.ts';
import { useT } from '../hooks/use-t.ts';
import { ChatIcon } from '../icons/icons.tsx';
import { MessageInput } from '../message-input/message-input.tsx';
import { MessageList } from '../message-list/message-list.tsx';
import { NetworkBanner } from '../network/network-banner.tsx';
import { useKit } from '../provider/kit-context.ts';
import { ChatHeader } from './chat-header.tsx';
import { ResendDialog } from './resend-dialog.tsx';

/** The chat window of seed 000 §2: header, virtualized message list, input, resend confirmation. */
export function ChatWindow() {
  const kit = useKit();
  const t = useT();
  const { conversationID, conversation } = useCurrentConversation();
  const [resendID, setResendID] = useState<string | null>(null);
  const back = useCallback(() => kit.close(), [kit]);

  if (!conversationID) {
    return (
      <section className="pc-chat pc-chat--empty" aria-label={t('chat.empty')}>
        <ChatIcon className="pc-chat__empty-icon" />
        <p>{t('chat.empty')}</p>
      </section>
    );
  }

  const submitResend = () => {
    if (resendID) kit.messages.resend(resendID);
    setResendID(null);
  };

  return (
    <section className="pc-chat" aria-labelledby="pc-chat-title" data-testid="chat-window">
      <ChatHeader conversationID={conversationID} conversation={conversation} onBack={back} />
      <NetworkBanner className="pc-banner--narrow" />
      <MessageList key={conversationID} unreadCount={conversation?.unreadCount ?? 0} onResend={setResendID} />
      <MessageInput key={`input-${conversationID}`} />
      <ResendDialog open={resendID !== null} onCancel={() => setResendID(null)} onSubmit={submitResend} />
    </section>
  );
}
