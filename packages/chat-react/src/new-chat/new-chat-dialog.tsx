/** The new-chat dialog: start a one-to-one chat by user ID. */
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { useT } from '../hooks/use-t.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import { DialogContent } from '../a11y/dialog-content.tsx';

interface NewChatDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Seed 000 §2 'new one-to-one chat': a user ID; an unknown user gets 'The user does not exist'. */
export function NewChatDialog({ open, onOpenChange }: NewChatDialogProps) {
  const kit = useKit();
  const portal = usePortal();
  const t = useT();
  const inputID = useId();
  const [userID, setUserID] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (next: boolean) => {
    if (!next) {
      setUserID('');
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const id = userID.trim();
    if (!id) {
      setError(t('newChat.required'));
      return;
    }
    setBusy(true);
    const result = await kit.startC2C(id);
    setBusy(false);
    if (result.ok) change(false);
    else setError(result.text);
  };

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog" aria-describedby={undefined}>
          <Dialog.Title className="pc-dialog__title">{t('newChat.title')}</Dialog.Title>
          <form onSubmit={submit} noValidate>
            <label className="pc-field" htmlFor={inputID}>
              <span className="pc-field__label">{t('newChat.userID')}</span>
              <input
                id={inputID}
                className="pc-field__input"
                value={userID}
                placeholder={t('newChat.placeholder')}
                autoComplete="off"
                maxLength={64}
                aria-invalid={error !== null}
                onChange={(e) => {
                  setUserID(e.target.value);
                  setError(null);
                }}
              />
            </label>
            {error && (
              <p className="pc-field__error" role="alert">
                {error}
              </p>
            )}
            <div className="pc-dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="pc-button">
                  {t('newChat.cancel')}
                </button>
              </Dialog.Close>
              <button type="submit" className="pc-button pc-button--primary" disabled={busy}>
                {t('newChat.start')}
              </button>
            </div>
          </form>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
