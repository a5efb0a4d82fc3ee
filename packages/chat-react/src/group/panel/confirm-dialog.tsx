import * as Dialog from '@radix-ui/react-dialog';
import { useT } from '../../hooks/use-t.ts';
import { usePortal } from '../../provider/kit-context.ts';
import { DialogContent } from '../../a11y/dialog-content.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  danger?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Seed 001 §2.7: the confirmation dialog and mask (dismiss, quit). */
export function ConfirmDialog({ open, title, text, danger = false, onCancel, onConfirm }: ConfirmDialogProps) {
  const t = useT();
  const portal = usePortal();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay pc-overlay--top" />
        <DialogContent className="pc-dialog pc-dialog--small pc-dialog--top" data-testid="confirm-dialog">
          <Dialog.Title className="pc-dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="pc-dialog__text">{text}</Dialog.Description>
          <div className="pc-dialog__actions">
            <button type="button" className="pc-button" onClick={onCancel}>
              {t('group.panel.cancel')}
            </button>
            <button
              type="button"
              className={danger ? 'pc-button pc-button--danger' : 'pc-button pc-button--primary'}
              onClick={onConfirm}
            >
              {t('group.panel.confirm')}
            </button>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
