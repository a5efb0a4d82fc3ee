import * as ContextMenu from '@radix-ui/react-context-menu';
import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type ComponentType, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useLongPress } from '../../conversation-list/use-long-press.ts';
import { useStore } from '../../hooks/use-store.ts';
import { useT } from '../../hooks/use-t.ts';
import { MoreIcon, PinIcon, TrashIcon } from '../../icons/icons.tsx';
import { useGroup } from '../../hooks/use-group.ts';
import { TYPES } from '../../provider/chat-port.ts';
import { moveFocus, useRovingTabIndex } from '../../message-list/roving.ts';
import type { MessageItem } from '../../message-list/message-item.ts';
import { useKit, usePortal } from '../../provider/kit-context.ts';
import type { ChatKit } from '../../provider/chat-kit.ts';
import { actionsFor, type MessageAction, openUrl, REACTION_EMOJI, reactionLabel } from './menu-rules.ts';
import { DialogContent } from '../../a11y/dialog-content.tsx';
// Message reports (decision 0055)
import { canReport, ReportDialog } from '../../reports/report-dialog.tsx';

/** What each plain menu item runs (delete and the emoji row have their own look). */
const RUN: Partial<Record<MessageAction, (kit: ChatKit, ID: string) => void>> = {
  open: (kit, ID) => {
    const m = kit.messages.original(ID);
    const url = m && openUrl(m.type, m.payload);
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
  },
  copy: (kit, ID) => kit.actions.copy(ID),
  edit: (kit, ID) => kit.edits.start(ID),
  forward: (kit, ID) => kit.features.forward(ID),
  quote: (kit, ID) => kit.features.startReply('quote', ID),
  reply: (kit, ID) => kit.features.startReply('reply', ID),
  select: (kit, ID) => kit.features.selection.start(ID),
  revoke: (kit, ID) => kit.actions.revoke(ID),
};

/** Any Radix menu's Item: the same actions serve the context menu and the ⋯ button's dropdown (KACT30). */
type MenuItem = ComponentType<{
  className?: string;
  onSelect?: (event: Event) => void;
  children?: ReactNode;
  'aria-label'?: string;
  'data-testid'?: string;
}>;

/** The items of one message's actions menu, whichever menu shows them. */
function ActionItems({
  item,
  actions,
  Item,
  onDelete,
  onReport,
}: {
  item: MessageItem;
  actions: readonly MessageAction[];
  Item: MenuItem;
  onDelete: () => void;
  onReport: () => void;
}) {
  const kit = useKit();
  const t = useT();
  return (
    <>
      {actions.includes('react') && (
        <div className="pc-menu__reactions" title={t('actions.reactions')}>
          {REACTION_EMOJI.map((emoji) => (
            <Item
              key={emoji}
              className="pc-menu__emoji"
              aria-label={t('actions.react', { emoji })}
              data-testid="reaction-option"
              onSelect={() => kit.actions.toggleReaction(item.ID, emoji)}
            >
              {emoji}
            </Item>
          ))}
        </div>
      )}
      {actions
        .filter((a) => RUN[a])
        .map((a) => (
          <Item key={a} className="pc-menu__item" data-testid={`action-${a}`} onSelect={() => RUN[a]?.(kit, item.ID)}>
            {t(`actions.${a}`)}
          </Item>
        ))}
      <PinItem item={item} actions={actions} Item={Item} />
      {actions.includes('delete') && canReport(kit.chat, item) && (
        <Item className="pc-menu__item" data-testid="action-report" onSelect={onReport}>
          {t('reports.action')}
        </Item>
      )}
      {actions.includes('delete') && (
        <Item className="pc-menu__item pc-menu__item--danger" data-testid="action-delete" onSelect={onDelete}>
          <TrashIcon />
          {t('actions.delete')}
        </Item>
      )}
    </>
  );
}

/**
 * PIN10: 'Pin' or 'Unpin' for a stored message of the open group, offered to its owner and admins only (the server
 * refuses anyone else, PIN2, and the refusal is a toast); an SDK without pins offers neither.
 */
function PinItem({ item, actions, Item }: { item: MessageItem; actions: readonly MessageAction[]; Item: MenuItem }) {
  const kit = useKit();
  const t = useT();
  const { groupID, list } = useStore(kit.pins);
  const { role } = useGroup();
  const manager = role === TYPES.GRP_MBR_ROLE_OWNER || role === TYPES.GRP_MBR_ROLE_ADMIN;
  const chat = kit.chat as { pinGroupMessage?: unknown };
  if (!groupID || !manager || !chat.pinGroupMessage || !actions.includes('delete')) return null;
  const pinned = list.some((m) => m.ID === item.ID);
  return (
    <Item
      className="pc-menu__item"
      data-testid={pinned ? 'action-unpin' : 'action-pin'}
      onSelect={() => {
        const message = kit.messages.original(item.ID);
        if (message) kit.pins.setPinned(message, !pinned);
      }}
    >
      <PinIcon />
      {pinned ? t('pins.unpin') : t('pins.pin')}
    </Item>
  );
}

/** KACT32: deleting a message asks first; it is deleted for the user only. */
function DeleteMessageDialog({ ID, open, onClose }: { ID: string; open: boolean; onClose: () => void }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog pc-dialog--small" data-testid="delete-message-dialog">
          <Dialog.Title className="pc-dialog__title">{t('actions.deleteConfirm.title')}</Dialog.Title>
          <Dialog.Description className="pc-dialog__text">{t('actions.deleteConfirm.text')}</Dialog.Description>
          <div className="pc-dialog__actions">
            <button type="button" className="pc-button" onClick={onClose}>
              {t('actions.deleteConfirm.cancel')}
            </button>
            <button
              type="button"
              className="pc-button pc-button--danger"
              data-testid="delete-message-confirm"
              onClick={() => {
                kit.actions.remove(ID);
                onClose();
              }}
            >
              {t('actions.deleteConfirm.confirm')}
            </button>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * UI30: a context menu is placed once, at the pointer; when the window's width changes under it (a phone turned, a
 * window narrowed) that place may lie off screen, so the menu closes instead of running past the edge.
 */
function useClosedOnWidthChange(open: boolean, setOpen: (open: boolean) => void): void {
  useEffect(() => {
    if (!open) return;
    const width = window.innerWidth;
    const onResize = () => window.innerWidth !== width && setOpen(false);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [open, setOpen]);
}

/** Enter, the context-menu key or Shift+F10 on a focused message opens its menu (KACT31). */
const opensMenu = (event: KeyboardEvent<HTMLElement>) =>
  event.target === event.currentTarget &&
  (event.key === 'Enter' || event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10'));

/**
 * The actions menu of one message (rule KACT7): right-click on the bubble or a 1000 ms long-press on touch screens;
 * on desktop also the ⋯ button that shows on hover and focus (KACT30), and the keyboard on the focused message
 * (KACT31). It offers what `actionsFor` allows; delete asks first (KACT32).
 */
export function MessageMenu({ item, children }: { item: MessageItem; children: ReactNode }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const { consumeClick: _consumeClick, ...press } = useLongPress();
  const roving = useRovingTabIndex(item.ID);
  const [menuOpen, setMenuOpen] = useState(false);
  const [contextOpen, setContextOpen] = useState(false);
  useClosedOnWidthChange(contextOpen, setContextOpen);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const bubble = useRef<HTMLDivElement>(null);
  const touch = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  // EDIT3: the server's edit window, asked once; the menu follows when it arrives.
  useStore(kit.edits);
  useEffect(() => kit.edits.want(), [kit]);
  const now = Math.floor(Date.now() / 1000);
  const actions = actionsFor(item, now, kit.actions.canAct, touch, kit.edits.canEdit(item, now));
  if (actions.length === 0) return <>{children}</>;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (moveFocus(event)) return;
    if (!opensMenu(event)) return;
    event.preventDefault();
    setMenuOpen(true);
  };
  return (
    <>
      <ContextMenu.Root modal={false} open={contextOpen} onOpenChange={setContextOpen}>
        <ContextMenu.Trigger
          asChild
          {...press}
          // The context-menu key opened the ⋯ menu already (keydown): the browser's contextmenu event that follows
          // must not open a second one.
          onContextMenu={(event) => menuOpen && event.preventDefault()}
        >
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the message's keys (KACT31) live on its focusable bubble */}
          <div
            ref={bubble}
            className="pc-msg__menu-trigger"
            tabIndex={roving.tabIndex}
            onFocus={roving.onFocus}
            onKeyDown={onKeyDown}
            aria-haspopup="menu"
            aria-keyshortcuts="Enter Shift+F10 ContextMenu"
            data-roving-message=""
            data-testid="message-menu-trigger"
          >
            {children}
          </div>
        </ContextMenu.Trigger>
        <ContextMenu.Portal container={portal}>
          <ContextMenu.Content className="pc-menu" collisionPadding={8} data-testid="message-menu">
            <ActionItems
              item={item}
              actions={actions}
              Item={ContextMenu.Item}
              onDelete={() => setConfirming(true)}
              onReport={() => setReporting(true)}
            />
          </ContextMenu.Content>
        </ContextMenu.Portal>
      </ContextMenu.Root>
      {!touch && (
        <DropdownMenu.Root modal={false} open={menuOpen} onOpenChange={setMenuOpen}>
          <DropdownMenu.Trigger
            className="pc-msg__more"
            aria-label={t('actions.menu')}
            tabIndex={-1}
            data-testid="message-more"
          >
            <MoreIcon />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal container={portal}>
            <DropdownMenu.Content
              className="pc-menu"
              collisionPadding={8}
              sideOffset={4}
              data-testid="message-menu"
              // Escape or a choice: the focus goes back to the message, not to the ⋯ button (KACT31).
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                if (!confirming && !reporting) bubble.current?.focus();
              }}
            >
              <ActionItems
                item={item}
                actions={actions}
                Item={DropdownMenu.Item}
                onDelete={() => setConfirming(true)}
                onReport={() => setReporting(true)}
              />
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
      {reporting && (
        <ReportDialog
          ID={item.ID}
          open
          onClose={() => {
            setReporting(false);
            bubble.current?.focus();
          }}
        />
      )}
      {actions.includes('delete') && (
        <DeleteMessageDialog
          ID={item.ID}
          open={confirming}
          onClose={() => {
            setConfirming(false);
            bubble.current?.focus();
          }}
        />
      )}
    </>
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
