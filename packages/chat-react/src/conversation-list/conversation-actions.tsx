import type { ComponentType, ReactNode } from 'react';
import { useT } from '../hooks/use-t.ts';
import { BellIcon, BellOffIcon, MarkUnreadIcon, PinIcon, StarIcon, TrashIcon } from '../icons/icons.tsx';
import { type ChatConversation, TYPES } from '../provider/chat-port.ts';
import { useKit } from '../provider/kit-context.ts';
import { isMuted } from './conversation-text.ts';
import { canMark, isMarkedUnread, isStarred } from './marks.ts';

/** Any Radix menu's Item: the same actions serve the row's context menu and the chat header's dropdown. */
type MenuItem = ComponentType<{
  className?: string;
  onSelect?: (event: Event) => void;
  children?: ReactNode;
  'data-testid'?: string;
}>;

interface ActionsProps {
  conversation: ChatConversation;
  Item: MenuItem;
  /** The list row's menu also marks (decision 0043, MARK10); the chat header's does not. */
  marks?: boolean;
  /** 'Mark as unread' too: not for the open conversation, which would read it at once (MARK12). */
  unreadMark?: boolean;
  /** The row menu's group, fold and hide items (decision 0049), placed before Delete. */
  extra?: ReactNode;
}

/** Seed 000 §2: pin/unpin, mute/unmute, delete; in the list, mark unread and star (MARK10). */
export function ConversationActions({ conversation, Item, marks = false, unreadMark = false, extra }: ActionsProps) {
  const kit = useKit();
  const t = useT();
  const muted = isMuted(conversation);
  const marking = marks && kit.chat.markConversation !== undefined && canMark(conversation);
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
      {marking && unreadMark && (
        <Item
          className="pc-menu__item"
          onSelect={() => kit.toggleMark(conversation, TYPES.CONV_MARK_TYPE_UNREAD)}
          data-testid="mark-unread"
        >
          <MarkUnreadIcon />
          {isMarkedUnread(conversation) ? t('menu.markRead') : t('menu.markUnread')}
        </Item>
      )}
      {marking && (
        <Item
          className="pc-menu__item"
          onSelect={() => kit.toggleMark(conversation, TYPES.CONV_MARK_TYPE_STAR)}
          data-testid="mark-star"
        >
          <StarIcon />
          {isStarred(conversation) ? t('menu.unstar') : t('menu.star')}
        </Item>
      )}
      {extra}
      <Item className="pc-menu__item pc-menu__item--danger" onSelect={() => kit.askRemove(conversation)}>
        <TrashIcon />
        {t('menu.delete')}
      </Item>
    </>
  );
}
