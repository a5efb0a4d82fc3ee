import * as ContextMenu from '@radix-ui/react-context-menu';
import { memo } from 'react';
import { Avatar } from '../avatar/avatar.tsx';
import { useNameOf } from '../hooks/use-names.ts';
import { useT } from '../hooks/use-t.ts';
import { BellOffIcon, PinIcon, StarIcon } from '../icons/icons.tsx';
import { type ChatConversation, peerOf, TYPES } from '../provider/chat-port.ts';
import { relativeLabel } from '../time/format.ts';
import { badgeText } from './badge.ts';
import { ConversationActions } from './conversation-actions.tsx';
import { avatarOf, conversationName, isMuted, mentionMark, previewOf } from './conversation-text.ts';
import { isMarkedUnread, isStarred } from './marks.ts';
import { useLongPress } from './use-long-press.ts';
import { PresenceDot } from '../contacts/presence-dot.tsx';
import { RowGroupItems } from '../conversation-groups/row-group-items.tsx';

interface RowProps {
  conversation: ChatConversation;
  selected: boolean;
  focusable: boolean;
  selfID: string;
  now: number;
  portal: HTMLElement | null;
  index: number;
  /** Listed under the 'Folded chats' row (MARK16). */
  nested?: boolean;
  onOpen: (conversationID: string) => void;
}

/** One row: avatar with the unread badge, name, time, last message, mute and pin marks; right-click for actions. */
export const ConversationRow = memo(function ConversationRow(props: RowProps) {
  const { conversation: c, selected, focusable, selfID, now, portal } = props;
  const t = useT();
  const name = conversationName(c, t);
  const mark = mentionMark(c, t);
  const muted = isMuted(c);
  const badge = badgeText(c.unreadCount);
  // Decision 0043 (MARK11): a dot where the count goes when marked unread (a count wins), a star beside the pin.
  const markedUnread = isMarkedUnread(c);
  const starred = isStarred(c);
  const last = c.lastMessage;
  const nameOf = useNameOf(c.groupProfile?.groupID);
  const preview = previewOf(c, selfID, t, nameOf);
  // Decision 0041: a draft (of a conversation not open here) shows in place of the last message.
  const draft = selected ? '' : (c.draftText ?? '');
  const time = last?.lastTime ? relativeLabel(last.lastTime, now, t) : '';
  const { consumeClick, ...pressHandlers } = useLongPress();

  return (
    <ContextMenu.Root modal={false}>
      <ContextMenu.Trigger asChild {...pressHandlers}>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys (arrows, Home, End, Enter) */}
        <div
          className="pc-row"
          role="option"
          aria-selected={selected}
          tabIndex={focusable ? 0 : -1}
          data-testid="conversation-row"
          data-conversation-id={c.conversationID}
          data-pinned={c.isPinned || undefined}
          data-marked-unread={markedUnread || undefined}
          data-starred={starred || undefined}
          data-folded={props.nested || undefined}
          data-index={props.index}
          onClick={() => {
            if (!consumeClick()) props.onOpen(c.conversationID);
          }}
        >
          <div className="pc-row__avatar">
            <Avatar id={peerOf(c.conversationID)} src={avatarOf(c)} size={44} />
            {c.type === TYPES.CONV_C2C && <PresenceDot userID={peerOf(c.conversationID)} />}
            {badge && (
              <span className={muted ? 'pc-badge pc-badge--muted' : 'pc-badge'} data-testid="unread-badge">
                <span aria-hidden="true">{badge}</span>
                <span className="pc-visually-hidden">{t('list.unread', { count: c.unreadCount })}</span>
              </span>
            )}
            {!badge && markedUnread && (
              <span
                className={muted ? 'pc-badge pc-badge--dot pc-badge--muted' : 'pc-badge pc-badge--dot'}
                role="img"
                aria-label={t('list.markedUnread')}
                data-testid="unread-mark"
              />
            )}
          </div>
          <div className="pc-row__main">
            <div className="pc-row__line">
              <span className="pc-row__name">{name}</span>
              {time && <span className="pc-row__time">{time}</span>}
            </div>
            <div className="pc-row__line">
              <span className="pc-row__preview">
                {mark && (
                  <span className="pc-row__mention" data-testid="mention-mark">
                    {mark}
                  </span>
                )}
                {draft ? (
                  <>
                    <span className="pc-row__draft" data-testid="draft-mark">
                      {t('list.draft')}
                    </span>{' '}
                    {draft}
                  </>
                ) : (
                  preview
                )}
              </span>
              {starred && (
                <StarIcon
                  className="pc-row__mark pc-row__mark--star"
                  aria-label={t('list.starred')}
                  aria-hidden={false}
                  role="img"
                  data-testid="star-mark"
                />
              )}
              {c.isPinned && (
                <PinIcon className="pc-row__mark" aria-label={t('list.pinned')} aria-hidden={false} role="img" />
              )}
              {muted && (
                <BellOffIcon
                  className="pc-row__mark"
                  aria-label={t('list.muted')}
                  aria-hidden={false}
                  role="img"
                  data-testid="mute-icon"
                />
              )}
            </div>
          </div>
        </div>
      </ContextMenu.Trigger>
      <ContextMenu.Portal container={portal}>
        <ContextMenu.Content className="pc-menu" data-testid="conversation-menu">
          <ConversationActions
            conversation={c}
            Item={ContextMenu.Item}
            marks
            unreadMark={!selected}
            extra={<RowGroupItems conversation={c} />}
          />
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
});
