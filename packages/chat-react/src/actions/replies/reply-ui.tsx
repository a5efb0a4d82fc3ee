import * as Dialog from '@radix-ui/react-dialog';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import { useStore } from '../../hooks/use-store.ts';
import { useT } from '../../hooks/use-t.ts';
import { ChatIcon, CloseIcon } from '../../icons/icons.tsx';
import { MessageContent } from '../../message-list/message-content.tsx';
import { type MessageItem, textOf } from '../../message-list/message-item.ts';
import { useKit, usePortal } from '../../provider/kit-context.ts';
import { repliesOf, replyOf, threadsOf } from './reply.ts';
import { DialogContent } from '../../a11y/dialog-content.tsx';

/** Above the input: the pending quote or reply with a cancel button (decision 0015). */
export function PendingReplyBar() {
  const kit = useKit();
  const t = useT();
  const pending = useStore(kit.features.pending);
  if (!pending) return null;
  const { messageSender: name, messageAbstract: text } = pending.reply;
  return (
    <div className="pc-reply-bar" data-testid="pending-reply" data-kind={pending.kind}>
      <span className="pc-reply-bar__text">{t(`actions.replyBar.${pending.kind}`, { name, text })}</span>
      <button
        type="button"
        className="pc-icon-button"
        aria-label={t('actions.replyBar.cancel')}
        onClick={() => kit.features.pending.cancel()}
        data-testid="pending-reply-cancel"
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/**
 * Above a bubble that quotes or replies: the original's sender and abstract; a click jumps to it (KACT18). The abstract
 * is a snapshot taken when quoting: an original edited since (EDIT15) shows its current text while it is loaded.
 */
export function QuoteLine({ item }: { item: MessageItem }) {
  const kit = useKit();
  const { items } = useStore(kit.messages);
  const reply = replyOf(item.cloudCustomData);
  if (!reply) return null;
  const original = items.find((m) => m.ID === reply.messageID);
  const edited = original?.editTime ? textOf(original.payload) : null;
  return (
    <button type="button" className="pc-quote" onClick={() => kit.features.jumpTo(reply.messageID)} data-testid="quote">
      {reply.messageSender}: {edited === null ? reply.messageAbstract : edited.slice(0, 120)}
    </button>
  );
}

/** Under a root with replies: 'N replies', opening the replies dialog. */
export function RepliesLink({ item }: { item: MessageItem }) {
  const kit = useKit();
  const t = useT();
  const count = repliesOf(item.cloudCustomData).length;
  if (count === 0) return null;
  return (
    <button
      type="button"
      className="pc-link pc-replies-link"
      onClick={() => kit.features.repliesOf.open(item.ID)}
      data-testid="replies"
    >
      {t('actions.replyBar.count', { count })}
    </button>
  );
}

/**
 * The chat header's entry (KACT21): shown while the loaded list has a root with replies; opens the replies dialog
 * with every thread of the open conversation.
 */
export function HeaderRepliesButton() {
  const kit = useKit();
  const t = useT();
  const { items } = useStore(kit.messages);
  const count = useMemo(() => threadsOf(items).length, [items]);
  if (count === 0) return null;
  const label = t('actions.replyBar.threads', { count });
  return (
    <button
      type="button"
      className="pc-icon-button"
      aria-label={label}
      title={label}
      onClick={() => kit.features.repliesOf.openAll()}
      data-testid="header-replies"
    >
      <ChatIcon />
    </button>
  );
}

/** One root and its replies (the full root when loaded, each reply by its abstract). */
function Thread({ root }: { root: MessageItem }) {
  const t = useT();
  const replies = repliesOf(root.cloudCustomData);
  return (
    <div className="pc-replies__thread" data-testid="reply-thread">
      <section className="pc-replies__root" aria-label={t('actions.replyBar.root')}>
        <span className="pc-replies__sender">{root.nameCard || root.nick || root.from}</span>
        <div className="pc-bubble">
          <MessageContent item={root} />
        </div>
      </section>
      <ol className="pc-replies__list">
        {replies.length === 0 && <li className="pc-forward__empty">{t('actions.replyBar.none')}</li>}
        {replies.map((r) => (
          <li key={r.messageID} className="pc-replies__row" data-testid="reply-entry">
            <span className="pc-replies__sender">{r.messageSender}</span>
            <span>{r.messageAbstract}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The replies dialog: one root and its replies (a bubble's link), or every thread of the conversation, newest root
 * first (the header's entry, KACT21).
 */
export function RepliesDialog() {
  const kit = useKit();
  const view = useStore(kit.features.repliesOf);
  const onClose = () => kit.features.repliesOf.close();
  const t = useT();
  const portal = usePortal();
  const { items } = useStore(kit.messages);
  const all = view === 'all';
  const rootIDs = all ? threadsOf(items) : view ? [view.rootID] : [];
  const roots = rootIDs.map((ID) => items.find((m) => m.ID === ID)).filter((m): m is MessageItem => m !== undefined);
  return (
    <Dialog.Root open={all || roots.length > 0} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog pc-replies" aria-describedby={undefined} data-testid="replies-dialog">
          <Dialog.Title className="pc-dialog__title">
            {t(all ? 'actions.replyBar.allTitle' : 'actions.replyBar.dialog')}
          </Dialog.Title>
          <div className="pc-replies__threads">
            {all && roots.length === 0 && <p className="pc-forward__empty">{t('actions.replyBar.none')}</p>}
            {roots.map((root) => (
              <Thread key={root.ID} root={root} />
            ))}
          </div>
          <div className="pc-dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="pc-button">
                {t('actions.replyBar.close')}
              </button>
            </Dialog.Close>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A quote's jump in the message list: scrolls the original into view and highlights it for 2 s (KACT18). The list
 * is virtualized, so the row is found after the scroll.
 */
export function useJump(virtuoso: RefObject<VirtuosoHandle | null>, items: readonly MessageItem[]) {
  const kit = useKit();
  const jump = useStore(kit.features.jumps);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(() => {
    if (!jump) return;
    const index = itemsRef.current.findIndex((m) => m.ID === jump.ID);
    if (index === -1) return;
    virtuoso.current?.scrollToIndex({ index, align: 'center', behavior: 'auto' });
    let row: Element | null = null;
    let unmark: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    // The virtualized row exists only once the scroll has rendered it, which a busy page may take a while to do:
    // look for it until it is there (5 s at most), then highlight it for 2 s from then.
    const find = () => {
      row = document.querySelector(`[data-message-id="${CSS.escape(jump.ID)}"]`);
      if (row) {
        row.classList.add('pc-msg-row--highlight');
        unmark = setTimeout(() => row?.classList.remove('pc-msg-row--highlight'), 2000);
      } else if (++tries < 100) mark = setTimeout(find, 50);
    };
    let mark = setTimeout(find, 120);
    return () => {
      clearTimeout(mark);
      clearTimeout(unmark);
      row?.classList.remove('pc-msg-row--highlight');
    };
  }, [jump, virtuoso]);
}
