import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { Avatar } from '../../avatar/avatar.tsx';
import { useT } from '../../hooks/use-t.ts';
import { usePortal } from '../../provider/kit-context.ts';
import { canFinish, type PickerOption, showSelectAll, toggle, toggleAll } from './picker-rules.ts';
import { DialogContent } from '../../a11y/dialog-content.tsx';

export interface TransferPickerProps {
  open: boolean;
  title: string;
  options: readonly PickerOption[];
  multiple: boolean;
  /** Search by user ID: the option found, or the error text to show ('user does not exist'). */
  search?: ((userID: string) => Promise<PickerOption | string>) | undefined;
  onDone: (ids: string[]) => void;
  onCancel: () => void;
}

/**
 * Seed 001 §2.7, §5: the transfer picker, multi or single select with optional search by user ID (KGRP5). The
 * selection is the dialog's own UI state; the options come from the kit's stores.
 */
export function TransferPicker(props: TransferPickerProps) {
  const { open, title, multiple, search, onDone, onCancel } = props;
  const t = useT();
  const portal = usePortal();
  const inputID = useId();
  const [selected, setSelected] = useState<string[]>([]);
  const [found, setFound] = useState<PickerOption[]>([]);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options = [...found.filter((f) => !props.options.some((o) => o.id === f.id)), ...props.options];

  const reset = () => {
    setSelected([]);
    setFound([]);
    setQuery('');
    setError(null);
  };

  const submitSearch = async (event: FormEvent) => {
    event.preventDefault();
    const id = query.trim();
    if (!id || !search) return;
    const result = await search(id);
    if (typeof result === 'string') {
      setError(result);
      return;
    }
    setError(null);
    setFound((f) => [result, ...f.filter((o) => o.id !== result.id)]);
    setSelected((s) => toggle(s.includes(result.id) ? s.filter((x) => x !== result.id) : s, result, multiple));
  };

  const done = () => {
    if (!canFinish(selected)) return;
    onDone(selected);
    reset();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          reset();
          onCancel();
        }
      }}
    >
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay pc-overlay--top" />
        <DialogContent className="pc-dialog pc-dialog--top" aria-describedby={undefined} data-testid="picker">
          <Dialog.Title className="pc-dialog__title">{title}</Dialog.Title>
          {search && (
            <form onSubmit={submitSearch} className="pc-picker__search" noValidate>
              <label htmlFor={inputID} className="pc-visually-hidden">
                {t('group.picker.search')}
              </label>
              <input
                id={inputID}
                className="pc-field__input"
                value={query}
                placeholder={t('group.picker.search')}
                autoComplete="off"
                maxLength={64}
                aria-invalid={error !== null}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setError(null);
                }}
                data-testid="picker-search"
              />
              {error && (
                <p className="pc-field__error" role="alert">
                  {error}
                </p>
              )}
            </form>
          )}
          {showSelectAll(options, multiple) && (
            <label className="pc-picker__row pc-picker__all">
              <input
                type="checkbox"
                checked={
                  options.some((o) => !o.disabled) &&
                  options.filter((o) => !o.disabled).every((o) => selected.includes(o.id))
                }
                onChange={() => setSelected((s) => toggleAll(s, options))}
                data-testid="picker-select-all"
              />
              {t('group.picker.selectAll')}
            </label>
          )}
          <ul className="pc-picker__list" aria-label={title}>
            {options.length === 0 && <li className="pc-dialog__text">{t('group.picker.empty')}</li>}
            {options.map((o) => (
              <li key={o.id}>
                <label className="pc-picker__row" data-disabled={o.disabled || undefined} data-testid="picker-option">
                  <input
                    type={multiple ? 'checkbox' : 'radio'}
                    name={inputID}
                    checked={selected.includes(o.id)}
                    disabled={o.disabled}
                    onChange={() => setSelected((s) => toggle(s, o, multiple))}
                  />
                  <Avatar id={o.id} src={o.avatar} size={28} />
                  <span className="pc-picker__label">{o.label}</span>
                  {o.label !== o.id && <span className="pc-picker__id">{o.id}</span>}
                </label>
              </li>
            ))}
          </ul>
          <div className="pc-dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="pc-button">
                {t('group.picker.cancel')}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="pc-button pc-button--primary"
              disabled={!canFinish(selected)}
              onClick={done}
              data-testid="picker-done"
            >
              {t('group.picker.done')}
            </button>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
