import * as Dialog from '@radix-ui/react-dialog';
import { Avatar } from '../../avatar/avatar.tsx';
import { useNow } from '../../hooks/use-environment.ts';
import { useStore } from '../../hooks/use-store.ts';
import { useT } from '../../hooks/use-t.ts';
import { BackIcon, CloseIcon } from '../../icons/icons.tsx';
import { MessageContent } from '../../message-list/message-content.tsx';
import type { MessageItem } from '../../message-list/message-item.ts';
import { useKit, usePortal } from '../../provider/kit-context.ts';
import { messageTimeLabel } from '../../time/format.ts';
import type { MergedRecord } from './records-store.ts';
import { DialogContent } from '../../a11y/dialog-content.tsx';

/** A record as the message content renderers read it. */
function recordItem(r: MergedRecord): MessageItem {
  return Object.freeze({
    ID: r.ID,
    type: r.type,
    payload: r.payload,
    conversationID: '',
    conversationType: '',
    from: r.from,
    to: '',
    flow: 'in',
    time: r.time,
    status: 'success',
    sequence: 0,
    nick: r.nick,
    avatar: r.avatar,
    isPeerRead: false,
    isRevoked: false,
    nameCard: '',
    needReadReceipt: false,
    readCount: 0,
    unreadCount: 0,
    cloudCustomData: r.cloudCustomData,
    progress: 0,
  });
}

/** The full-screen records view: the top of the stack, a page at a time, back to the level below. */
export function RecordsViewer() {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const now = useNow();
  const stack = useStore(kit.features.records);
  const top = stack[stack.length - 1];
  const store = kit.features.records;
  return (
    <Dialog.Root open={top !== undefined} onOpenChange={(open) => !open && store.close()}>
      <Dialog.Portal container={portal}>
        <DialogContent className="pc-records" aria-describedby={undefined} data-testid="records-view">
          <header className="pc-records__header">
            {stack.length > 1 && (
              <button
                type="button"
                className="pc-icon-button"
                aria-label={t('actions.merger.back')}
                onClick={() => store.back()}
                data-testid="records-back"
              >
                <BackIcon />
              </button>
            )}
            <Dialog.Title className="pc-records__title">{top?.title || t('actions.merger.label')}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="pc-icon-button" aria-label={t('actions.merger.close')}>
                <CloseIcon />
              </button>
            </Dialog.Close>
          </header>
          <div className="pc-records__body" data-depth={stack.length}>
            {top?.status === 'loading' && <p className="pc-records__state">{t('actions.merger.loading')}</p>}
            {top?.status === 'error' && <p className="pc-records__state">{t('actions.merger.failed')}</p>}
            {top?.status === 'ready' && top.records.length === 0 && (
              <p className="pc-records__state">{t('actions.merger.empty')}</p>
            )}
            <ol className="pc-records__list">
              {top?.records.slice(0, top.shown).map((r) => (
                <li key={r.ID} className="pc-records__row" data-testid="record">
                  <Avatar id={r.from} src={r.avatar} size={32} />
                  <div className="pc-records__main">
                    <div className="pc-records__meta">
                      <span className="pc-records__sender">{r.messageSender}</span>
                      <span>{messageTimeLabel(r.time, now, t)}</span>
                    </div>
                    <div className="pc-bubble pc-records__bubble">
                      <MessageContent item={recordItem(r)} />
                    </div>
                  </div>
                </li>
              ))}
            </ol>
            {top && top.shown < top.records.length && (
              <button type="button" className="pc-link pc-records__more" onClick={() => store.more()}>
                {t('actions.merger.more')}
              </button>
            )}
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
