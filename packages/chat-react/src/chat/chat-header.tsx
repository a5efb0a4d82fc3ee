/** The open conversation's header: name, presence or typing, and the group and settings buttons. */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Avatar } from '../avatar/avatar.tsx';
import { ConversationActions } from '../conversation-list/conversation-actions.tsx';
import { avatarOf, conversationName } from '../conversation-list/conversation-text.ts';
import { useGroup } from '../hooks/use-group.ts';
import { useT } from '../hooks/use-t.ts';
import { BackIcon, MoreIcon, UsersIcon } from '../icons/icons.tsx';
import { type ChatConversation, peerOf, TYPES } from '../provider/chat-port.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import { useStore } from '../hooks/use-store.ts';
import { PresenceText } from '../contacts/presence-dot.tsx';
import { HeaderRepliesButton } from '../actions/replies/reply-ui.tsx';
import { ConversationSearchButton } from '../search/conversation-search.tsx';
import { CallButtons } from '../calls/call-buttons.tsx';

interface ChatHeaderProps {
  conversationID: string;
  conversation: ChatConversation | null;
  onBack: () => void;
  /** Group conversations: opens the management panel. */
  onManage?: (() => void) | undefined;
}

/** The peer's name; on narrow screens a back arrow to the list; a menu with the conversation's actions. */
export function ChatHeader({ conversationID, conversation, onBack, onManage }: ChatHeaderProps) {
  const t = useT();
  const portal = usePortal();
  const peer = peerOf(conversationID);
  const group = useGroup();
  const isGroup = conversationID.startsWith(TYPES.CONV_GROUP);
  const name =
    isGroup && group.group?.name ? group.group.name : conversation ? conversationName(conversation, t) : peer;
  return (
    <header className="pc-chat__header">
      <button type="button" className="pc-icon-button pc-chat__back" aria-label={t('chat.back')} onClick={onBack}>
        <BackIcon />
      </button>
      <Avatar id={peer} src={(conversation && avatarOf(conversation)) || group.group?.avatar} size={32} />
      <h2 id="pc-chat-title" className="pc-chat__title" data-testid="chat-title">
        {name}
      </h2>
      {!isGroup && conversationID !== TYPES.CONV_SYSTEM && <PresenceText userID={peer} />}
      <TypingText />
      <HeaderRepliesButton />
      {conversationID !== TYPES.CONV_SYSTEM && <ConversationSearchButton />}
      {conversationID !== TYPES.CONV_SYSTEM && <CallButtons conversationID={conversationID} />}
      {isGroup && onManage && (
        <button
          type="button"
          className="pc-icon-button"
          aria-label={t('group.panel.open')}
          onClick={onManage}
          data-testid="group-manage"
        >
          <UsersIcon />
        </button>
      )}
      {conversation && conversationID !== TYPES.CONV_SYSTEM && (
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

/** Decision 0015: 'typing…' beside the peer's name while typing signals arrive (KACT6). */
function TypingText() {
  const kit = useKit();
  const t = useT();
  const typing = useStore(kit.typing);
  if (!typing) return null;
  return (
    <span className="pc-chat__typing" data-testid="typing" aria-live="polite">
      {t('actions.typing')}
    </span>
  );
}
