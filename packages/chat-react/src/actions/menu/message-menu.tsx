import * as ContextMenu from '@radix-ui/react-context-menu';
import type { ReactNode } from 'react';
import { useLongPress } from '../../conversation-list/use-long-press.ts';
import { useStore } from '../../hooks/use-store.ts';
import { useT } from '../../hooks/use-t.ts';
import { TrashIcon } from '../../icons/icons.tsx';
import type { MessageItem } from '../../message-list/message-item.ts';
import { useKit, usePortal } from '../../provider/kit-context.ts';
import type { ChatKit } from '../../provider/chat-kit.ts';
import { actionsFor, type MessageAction, openUrl, REACTION_EMOJI, reactionLabel } from './menu-rules.ts';

/** What each plain menu item runs (delete and the emoji row have their own look). */
const RUN: Partial<Record<MessageAction, (kit: ChatKit, ID: string) => void>> = {
  open: (kit, ID) => {
    const m = kit.messages.original(ID);
    const url = m && openUrl(m.type, m.payload);
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
  },
  copy: (kit, ID) => kit.actions.copy(ID),
  forward: (kit, ID) => kit.features.forward(ID),
  quote: (kit, ID) => kit.features.startReply('quote', ID),
  reply: (kit, ID) => kit.features.startReply('reply', ID),
  select: (kit, ID) => kit.features.selection.start(ID),
  revoke: (kit, ID) => kit.actions.revoke(ID),
};

/**
 * The actions menu of one message (rule KACT7): right-click or the context-menu key on the focused
 * bubble on desktop, a 1000 ms long-press on touch screens. It offers what `actionsFor` allows.
 */
export function MessageMenu({ item, children }: { item: MessageItem; children: ReactNode }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const { consumeClick: _consumeClick, ...press } = useLongPress();
  const touch = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  const actions = actionsFor(item, Math.floor(Date.now() / 1000), kit.actions.canAct, touch);
  if (actions.length === 0) return <>{children}</>;
  return (
    <ContextMenu.Root modal={false}>
      <ContextMenu.Trigger asChild {...press}>
        <div
          className="pc-msg__menu-trigger"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so the context-menu key (Shift+F10) opens the actions; a button may not hold the bubble's content
          tabIndex={0}
          data-testid="message-menu-trigger"
        >
          {children}
        </div>
      </ContextMenu.Trigger>
      <ContextMenu.Portal container={portal}>
        <ContextMenu.Content className="pc-menu" collisionPadding={8} data-testid="message-menu">
          {actions.includes('react') && (
            <div className="pc-menu__reactions" title={t('actions.reactions')}>
              {REACTION_EMOJI.map((emoji) => (
                <ContextMenu.Item
                  key={emoji}
                  className="pc-menu__emoji"
                  aria-label={t('actions.react', { emoji })}
                  data-testid="reaction-option"
                  onSelect={() => kit.actions.toggleReaction(item.ID, emoji)}
                >
                  {emoji}
                </ContextMenu.Item>
              ))}
            </div>
          )}
          {actions
            .filter((a) => RUN[a])
            .map((a) => (
              <ContextMenu.Item
                key={a}
                className="pc-menu__item"
                data-testid={`action-${a}`}
                onSelect={() => RUN[a]?.(kit, item.ID)}
              >
                {t(`actions.${a}`)}
              </ContextMenu.Item>
            ))}
          {actions.includes('delete') && (
            <ContextMenu.Item
              className="pc-menu__item pc-menu__item--danger"
              data-testid="action-delete"
              onSelect={() => kit.actions.remove(item.ID)}
            >
              <TrashIcon />
              {t('actions.delete')}
            </ContextMenu.Item>
          )}
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}

/** Each reaction with its count; a click toggles the user's own (decision 0015); the title names who reacted. */
export function ReactionBar({ messageID }: { messageID: string }) {
  const kit = useKit();
  const reactions = useStore(kit.actions).get(messageID);
  if (!reactions || reactions.length === 0) return null;
  return (
    <div className="pc-reactions" data-testid="reactions">
      {reactions.map((r) => (
        <button
          key={r.reactionID}
          type="button"
          className={r.reactedByMyself ? 'pc-reaction pc-reaction--mine' : 'pc-reaction'}
          aria-pressed={r.reactedByMyself}
          title={r.partialUserList.map((u) => u.nick || u.userID).join(', ')}
          data-testid="reaction"
          data-reaction-id={r.reactionID}
          aria-label={`${r.reactionID} ${r.totalUserCount}`}
          onClick={() => kit.actions.toggleReaction(messageID, r.reactionID)}
        >
          <span className="pc-reaction__label">{reactionLabel(r.reactionID)}</span>
          <span className="pc-reaction__count">{r.totalUserCount}</span>
        </button>
      ))}
    </div>
  );
}

/** Decision 0015: on the user's own recalled text, 're-edit' puts the text back in the input (KACT13). */
export function ReeditLink({ ID }: { ID: string }) {
  const kit = useKit();
  const t = useT();
  if (kit.actions.recalledText(ID) === undefined) return null;
  return (
    <button
      type="button"
      className="pc-link pc-msg-notice__link"
      data-testid="reedit"
      onClick={() => kit.actions.reedit(ID)}
    >
      {t('actions.reedit')}
    </button>
  );
}
