import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { DialogContent } from '../a11y/dialog-content.tsx';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';

/** CGRP2: a name's UTF-8 bytes, the reference's bound (32). */
const NAME_BYTES = 32;
const bytes = (text: string) => new TextEncoder().encode(text).length;

import type { NameRequest } from './group-names-store.ts';

/**
 * CGRP18: the name of a new group (from the tabs' options, or a row's menu, which puts that conversation in it) or a
 * group's new name. The bounds are checked here first (a name over 32 bytes, one taken), then by the server.
 */
export function GroupNameDialog({ request, onClose }: { request: NameRequest; onClose: () => void }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const inputID = useId();
  const { names } = useStore(kit.groupNames);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setName('');
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    if (!request) return;
    if (!value) return setError(t('convGroups.dialog.required'));
    if (bytes(value) > NAME_BYTES) return setError(t('convGroups.dialog.tooLong'));
    const unchanged = request.kind === 'rename' && value === request.name;
    if (names.includes(value) && !unchanged) return setError(t('convGroups.dialog.taken'));
    setBusy(true);
    const done =
      request.kind === 'create'
        ? await kit.createGroup(value, request.conversationID)
        : unchanged || (await kit.renameGroup(request.name, value));
    setBusy(false);
    if (done) {
      if (request.kind === 'create') kit.groupNames.select(value);
      close();
    }
  };
  const title =
    request?.kind === 'rename'
      ? t('convGroups.dialog.renameTitle', { name: request.name })
      : t('convGroups.dialog.createTitle');
  return (
    <Dialog.Root open={request !== null} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent
          className="pc-dialog pc-dialog--small"
          aria-describedby={undefined}
          data-testid="conv-group-name-dialog"
        >
          <Dialog.Title className="pc-dialog__title">{title}</Dialog.Title>
          <form onSubmit={submit} noValidate>
            <label className="pc-field" htmlFor={inputID}>
              <span className="pc-field__label">{t('convGroups.dialog.name')}</span>
              <input
                id={inputID}
                className="pc-field__input"
                value={name}
                placeholder={request?.kind === 'rename' ? request.name : t('convGroups.dialog.placeholder')}
                autoComplete="off"
                aria-invalid={error !== null}
                data-testid="conv-group-name-input"
                onChange={(e) => {
                  setName(e.target.value);
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
                  {t('convGroups.dialog.cancel')}
                </button>
              </Dialog.Close>
              <button
                type="submit"
                className="pc-button pc-button--primary"
                disabled={busy}
                data-testid="conv-group-name-save"
              >
                {t('convGroups.dialog.save')}
              </button>
            </div>
          </form>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** CGRP19: deleting a group asks first; its conversations stay in the list. */
export function DeleteGroupDialog({ name, onClose }: { name: string | null; onClose: () => void }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  return (
    <Dialog.Root open={name !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog pc-dialog--small" data-testid="group-delete-dialog">
          <Dialog.Title className="pc-dialog__title">{t('convGroups.deleteTitle', { name: name ?? '' })}</Dialog.Title>
          <Dialog.Description className="pc-dialog__text">{t('convGroups.deleteText')}</Dialog.Description>
          <div className="pc-dialog__actions">
            <button type="button" className="pc-button" onClick={onClose}>
              {t('convGroups.dialog.cancel')}
            </button>
            <button
              type="button"
              className="pc-button pc-button--danger"
              data-testid="group-delete-confirm"
              onClick={() => {
                if (name) kit.deleteGroup(name);
                onClose();
              }}
            >
              {t('convGroups.deleteOk')}
            </button>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
