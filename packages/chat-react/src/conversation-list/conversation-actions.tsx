import type { ComponentType, ReactNode } from 'react';
import { useT } from '../hooks/use-t.ts';
import { BellIcon, BellOffIcon, PinIcon, TrashIcon } from '../icons/icons.tsx';
import type { ChatConversation } from '../provider/chat-port.ts';
import { useKit } from '../provider/kit-context.ts';
import { isMuted } from './conversation-text.ts';

/** Any Radix menu's Item: the same actions serve the row's context menu and the chat header's dropdown. */
type MenuItem = ComponentType<{ className?: string; onSelect?: (event: Event) => void; children?: ReactNode }>;

/** Seed 000 §2: pin/unpin, mute/unmute, delete. */
export function ConversationActions({ conversation, Item }: { conversation: ChatConversation; Item: MenuItem }) {
  const kit = useKit();
  const t = useT();
  const muted = isMuted(conversation);
  return (
    <>
      <Item className="pc-menu__item" onSelect={() => kit.pin(conversation)}>
        <PinIcon />
        {conversation.isPinned ? t('menu.unpin') : t('menu.pin')}
      </Item>
      <Item className="pc-menu__item" onSelect={() => kit.mute(conversation)}>
        {muted ? <BellIcon /> : <BellOffIcon />}
        {muted ? t('menu.unmute') : t('menu.mute')}
      </Item>
      <Item className="pc-menu__item pc-menu__item--danger" onSelect={() => kit.askRemove(conversation)}>
        <TrashIcon />
        {t('menu.delete')}
      </Item>
    </>
  );
}
