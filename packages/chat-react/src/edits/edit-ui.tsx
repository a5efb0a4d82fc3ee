import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { DialogContent } from '../a11y/dialog-content.tsx';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { CloseIcon } from '../icons/icons.tsx';
import type { MessageItem } from '../message-list/message-item.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import type { EditVersion } from './edit-store.ts';

/** EDIT13: above the input while an own text is edited: 'Editing message' and its text, with a cancel button. */
export function EditingBar() {
  const kit = useKit();
  const t = useT();
  const { editing } = useStore(kit.edits);
  if (!editing) return null;
  return (
    <div className="pc-reply-bar" data-testid="editing-bar">
      <span className="pc-reply-bar__text">
        {t('actions.editBar.label')}: {editing.text}
      </span>
      <button
        type="button"
        className="pc-icon-button"
        aria-label={t('actions.editBar.cancel')}
        onClick={() => kit.edits.cancel()}
        data-testid="editing-cancel"
      >
        <CloseIcon />
      </button>
    </div>
  );
}

const timeText = (seconds: number, language: string) =>
  new Date(seconds * 1000).toLocaleString(language === 'zh' ? 'zh-CN' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'short',
  });

/** EDIT14: the sender's earlier texts of a message, oldest first, and the current one, each with its time. */
function VersionsDialog({ item, open, onClose }: { item: MessageItem; open: boolean; onClose: () => void }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const [list, setList] = useState<EditVersion[] | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setList(null);
    kit.edits.versions(item.ID).then(
      (versions) => live && setList(versions),
      (err: unknown) => {
        if (live) setList([]);
        kit.reportError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [kit, item.ID, open]);
  const language = kit.i18n.language;
  const current = (item.payload as { text?: unknown } | null)?.text;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog pc-dialog--small" data-testid="edit-versions-dialog">
          <Dialog.Title className="pc-dialog__title">{t('actions.versions.title')}</Dialog.Title>
          <Dialog.Description className="pc-visually-hidden">{t('actions.editedHistory')}</Dialog.Description>
          <ol className="pc-edit-versions" aria-busy={list === null}>
            {list?.length === 0 && <li className="pc-edit-versions__empty">{t('actions.versions.empty')}</li>}
            {list?.map((v) => (
              <li key={v.version} className="pc-edit-versions__item" data-testid="edit-version">
                <span className="pc-edit-versions__time">{timeText(v.time, language)}</span>
                <span className="pc-edit-versions__text">{String(v.payload.text ?? '')}</span>
              </li>
            ))}
            {list && (
              <li className="pc-edit-versions__item" data-testid="edit-version-current">
                <span className="pc-edit-versions__time">
                  {t('actions.versions.current')}
                  {item.editTime ? ` · ${timeText(item.editTime, language)}` : ''}
                </span>
                <span className="pc-edit-versions__text">{typeof current === 'string' ? current : ''}</span>
              </li>
            )}
          </ol>
          <div className="pc-dialog__actions">
            <button type="button" className="pc-button" onClick={onClose} data-testid="edit-versions-close">
              {t('actions.versions.close')}
            </button>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * EDIT14: 'Edited' beside an edited message. The sender's is a button that opens the earlier versions (the focus comes
 * back to it when the dialog closes); everyone else's is plain text.
 */
export function EditedMark({ item }: { item: MessageItem }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (!item.editTime || item.isRevoked) return null;
  if (item.flow !== 'out') {
    return (
      <span className="pc-edited" data-testid="edited-mark">
        {t('actions.edited')}
      </span>
    );
  }
  return (
    <>
      <button
        type="button"
        className="pc-edited pc-edited--button"
        aria-label={t('actions.editedHistory')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="edited-mark"
      >
        {t('actions.edited')}
      </button>
      <VersionsDialog
        item={item}
        open={open}
        // The kit's DialogContent gives the focus back to this button (UI19).
        onClose={() => setOpen(false)}
      />
    </>
  );
}
