import * as Dialog from '@radix-ui/react-dialog';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import { conversationName } from './conversation-text.ts';
import { DialogContent } from '../a11y/dialog-content.tsx';

/** UI1: 'Delete' in a menu asks first, since deleting a conversation clears its history. */
export function DeleteDialog() {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const pending = useStore(kit.deleteRequest);
  return (
    <Dialog.Root open={pending !== null} onOpenChange={(open) => !open && kit.deleteRequest.cancel()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog pc-dialog--small" data-testid="delete-dialog">
          <Dialog.Title className="pc-dialog__title">{t('menu.deleteTitle')}</Dialog.Title>
          <Dialog.Description className="pc-dialog__text">
            {pending ? t('menu.deleteConfirm', { name: conversationName(pending, t) }) : ''}
          </Dialog.Description>
          <div className="pc-dialog__actions">
            <Dialog.Close className="pc-button">{t('menu.deleteCancel')}</Dialog.Close>
            <button type="button" className="pc-button pc-button--danger" onClick={() => kit.confirmRemove()}>
              {t('menu.deleteOk')}
            </button>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
