/** What a call that cannot start or fails says (seed 000 §8; KCALL20–KCALL22): one dialog, closed with OK. */
import * as Dialog from '@radix-ui/react-dialog';
import { DialogContent } from '../a11y/dialog-content.tsx';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';

export function CallDialogs() {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const dialog = useStore(kit.calls.dialog);
  if (!dialog) return null;
  const title =
    dialog.kind === 'absent'
      ? t('calls.absentTitle')
      : dialog.kind === 'unsupported'
        ? t('calls.unsupportedTitle')
        : t('calls.errorTitle');
  const text =
    dialog.kind === 'absent'
      ? t('calls.absent')
      : dialog.kind === 'unsupported'
        ? t(`calls.${dialog.reason}`)
        : dialog.message;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && kit.calls.dialog.close()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog pc-dialog--small" data-testid="call-dialog" data-kind={dialog.kind}>
          <Dialog.Title className="pc-dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="pc-dialog__text">{text}</Dialog.Description>
          <div className="pc-dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="pc-button pc-button--primary" data-testid="call-dialog-ok">
                {t('calls.ok')}
              </button>
            </Dialog.Close>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
