import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Avatar } from '../avatar/avatar.tsx';
import { ConversationActions } from '../conversation-list/conversation-actions.tsx';
import { conversationName } from '../conversation-list/conversation-row.tsx';
import { useT } from '../hooks/use-t.ts';
import { BackIcon, MoreIcon } from '../icons/icons.tsx';
import { type ChatConversation, peerOf } from '../provider/chat-port.ts';
import { usePortal } from '../provider/kit-context.ts';

interface ChatHeaderProps {
  conversationID: string;
  conversation: ChatConversation | null;
  onBack: () => void;
}

/** The peer's name; on narrow screens a back arrow to the list; a menu with the conversation's actions. */
export function ChatHeader({ conversationID, conversation, onBack }: ChatHeaderProps) {
  const t = useT();
  const portal = usePortal();
  const peer = peerOf(conversationID);
  const name = conversation ? conversationName(conversation) : peer;
  return (
    <header className="pc-chat__header">
      <button type="button" className="pc-icon-button pc-chat__back" aria-label={t('chat.back')} onClick={onBack}>
        <BackIcon />
      </button>
      <Avatar id={peer} src={conversation?.userProfile?.avatar} size={32} />
      <h2 id="pc-chat-title" className="pc-chat__title" data-testid="chat-title">
        {name}
      </h2>
      {conversation && (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger className="pc-icon-button" aria-label={t('list.more')}>
            <MoreIcon />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal container={portal}>
            <DropdownMenu.Content className="pc-menu" align="end" sideOffset={6}>
              <ConversationActions conversation={conversation} Item={DropdownMenu.Item} />
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
    </header>
  );
}
