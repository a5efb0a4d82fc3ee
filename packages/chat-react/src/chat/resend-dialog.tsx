import * as Dialog from '@radix-ui/react-dialog';
import { useT } from '../hooks/use-t.ts';
import { usePortal } from '../provider/kit-context.ts';
import { DialogContent } from '../a11y/dialog-content.tsx';

interface ResendDialogProps {
  open: boolean;
  onCancel: () => void;
  onSubmit: () => void;
}

/** Seed 000 §4: tapping '!' asks 'Confirm to resend the message?' with Cancel and Submit. */
export function ResendDialog({ open, onCancel, onSubmit }: ResendDialogProps) {
  const t = useT();
  const portal = usePortal();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog pc-dialog--small" aria-describedby={undefined}>
          <Dialog.Title className="pc-dialog__title">{t('resend.confirm')}</Dialog.Title>
          <div className="pc-dialog__actions">
            <button type="button" className="pc-button" onClick={onCancel}>
              {t('resend.cancel')}
            </button>
            <button type="button" className="pc-button pc-button--primary" onClick={onSubmit}>
              {t('resend.submit')}
            </button>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
