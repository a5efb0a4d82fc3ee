import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { DialogContent } from '../a11y/dialog-content.tsx';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';

/**
 * 'Your data' on the Me tab (decision 0051): download an archive of one's data (PDAT20) and delete the account,
 * confirmed with the password in a dialog (PDAT21). Hidden when the SDK has no such methods.
 */
export function MyData() {
  const kit = useKit();
  const t = useT();
  const exporting = useStore(kit.personalData.exporting);
  if (!kit.personalData.port) return null;
  return (
    <section className="pc-me__data" aria-labelledby="pc-me-data-title" data-testid="my-data">
      <h3 className="pc-me__data-title" id="pc-me-data-title">
        {t('personalData.title')}
      </h3>
      <p className="pc-me__data-text">{t('personalData.exportHint')}</p>
      <div className="pc-me__data-actions">
        {exporting.link ? (
          <a className="pc-button pc-button--primary" href={exporting.link} download data-testid="my-data-download">
            {t('personalData.download')}
          </a>
        ) : (
          <button
            type="button"
            className="pc-button"
            disabled={exporting.busy}
            onClick={() => void kit.personalData.requestExport()}
            data-testid="my-data-export"
          >
            {exporting.busy ? t('personalData.preparing') : t('personalData.export')}
          </button>
        )}
        <button
          type="button"
          className="pc-button pc-button--danger"
          onClick={() => kit.personalData.openDelete(true)}
          data-testid="my-data-delete"
        >
          {t('personalData.delete')}
        </button>
      </div>
      <DeleteAccountDialog />
    </section>
  );
}

function DeleteAccountDialog() {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const state = useStore(kit.personalData.deleting);
  const [password, setPassword] = useState('');
  const fieldID = useId();
  const errorID = useId();
  const close = (open: boolean) => {
    if (!open) {
      setPassword('');
      kit.personalData.openDelete(false);
    }
  };
  return (
    <Dialog.Root open={state.open} onOpenChange={close}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog pc-dialog--small" data-testid="delete-account-dialog">
          <Dialog.Title className="pc-dialog__title">{t('personalData.deleteTitle')}</Dialog.Title>
          <Dialog.Description className="pc-dialog__text">{t('personalData.deleteWarning')}</Dialog.Description>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (password) void kit.personalData.deleteAccount(password).then((done) => done && setPassword(''));
            }}
          >
            <label className="pc-me__data-label" htmlFor={fieldID}>
              {t('personalData.password')}
            </label>
            <input
              id={fieldID}
              className="pc-field__input pc-me__data-input"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={state.error ? true : undefined}
              aria-describedby={state.error ? errorID : undefined}
              data-testid="delete-account-password"
            />
            {state.error ? (
              <p className="pc-me__data-error" id={errorID} role="alert">
                {state.error}
              </p>
            ) : null}
            <div className="pc-dialog__actions">
              <Dialog.Close className="pc-button" type="button">
                {t('personalData.cancel')}
              </Dialog.Close>
              <button
                type="submit"
                className="pc-button pc-button--danger"
                disabled={!password || state.busy}
                data-testid="delete-account-confirm"
              >
                {t('personalData.deleteConfirm')}
              </button>
            </div>
          </form>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
