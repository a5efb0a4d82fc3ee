import * as Dialog from '@radix-ui/react-dialog';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import { DialogContent } from '../a11y/dialog-content.tsx';

interface ResendDialogProps {
  /** The message whose '!' was tapped, or null when closed. */
  ID: string | null;
  onClose: () => void;
}

/**
 * Seed 000 §4: tapping '!' asks 'Confirm to resend the message?' with Cancel and Submit. A send queued while the
 * connection is down (decision 0032, UI23, UI24) says it will go out by itself once the connection is back, and
 * offers to cancel it instead.
 */
export function ResendDialog({ ID, onClose }: ResendDialogProps) {
  const t = useT();
  const kit = useKit();
  const portal = usePortal();
  const item = useStore(kit.messages).items.find((m) => m.ID === ID);
  const queued = item?.status === 'unSend';
  // Sent meanwhile (the connection came back): nothing left to ask.
  const open = ID !== null && item !== undefined && item.status !== 'success';
  const resend = () => {
    if (ID) kit.messages.resend(ID);
    onClose();
  };
  const cancelSend = () => {
    if (ID) {
      // The SDK's object first: cancelSend forgets it.
      kit.actions.remove(ID);
      kit.messages.cancelSend(ID);
    }
    onClose();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog pc-dialog--small" aria-describedby={undefined} data-testid="resend-dialog">
          <Dialog.Title className="pc-dialog__title">{t(queued ? 'resend.queued' : 'resend.confirm')}</Dialog.Title>
          {queued ? (
            <div className="pc-dialog__actions">
              <button type="button" className="pc-button pc-button--danger" onClick={cancelSend}>
                {t('resend.cancelSend')}
              </button>
              <button type="button" className="pc-button pc-button--primary" onClick={onClose}>
                {t('resend.keep')}
              </button>
            </div>
          ) : (
            <div className="pc-dialog__actions">
              <button type="button" className="pc-button" onClick={onClose}>
                {t('resend.cancel')}
              </button>
              <button type="button" className="pc-button pc-button--primary" onClick={resend}>
                {t('resend.submit')}
              </button>
            </div>
          )}
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
