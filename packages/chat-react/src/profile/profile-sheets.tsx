import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { Avatar } from '../avatar/avatar.tsx';
import type { ChatProfile, ProfileEdit } from '../contacts/contact-port.ts';
import {
  birthdayFromInput,
  birthdayToInput,
  isUnset,
  nickText,
  type SheetKind,
  sheetConfirmEnabled,
} from '../contacts/profile-rules.ts';
import { useT } from '../hooks/use-t.ts';
import { BackIcon, CloseIcon } from '../icons/icons.tsx';
import { useKit, usePortal } from '../provider/kit-context.ts';
import { AvatarPicker, BirthdayInput, GenderPicker } from './avatar-picker.tsx';
import { genderText } from './profile-view.tsx';
import { DialogContent } from '../a11y/dialog-content.tsx';

const LABELS: Record<SheetKind, string> = {
  avatar: 'contacts.profile.avatar',
  nick: 'contacts.profile.nick',
  gender: 'contacts.profile.gender',
  selfSignature: 'contacts.profile.signature',
  birthday: 'contacts.profile.birthday',
};

function initial(kind: SheetKind, profile: ChatProfile): string {
  if (kind === 'birthday') return birthdayToInput(profile.birthday);
  if (kind === 'gender') return profile.gender === 'Gender_Type_Unknown' ? '' : profile.gender;
  return profile[kind];
}

function patchOf(kind: SheetKind, value: string): ProfileEdit {
  if (kind === 'birthday') return { birthday: birthdayFromInput(value) };
  return { [kind]: kind === 'avatar' || kind === 'gender' ? value : value.trim() };
}

/** One full-screen sheet (seed 001 §2.4): a title, a close button and a confirm disabled while empty (KCNT8). */
function Sheet({ kind, profile, onClose }: { kind: SheetKind; profile: ChatProfile; onClose: () => void }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const inputID = useId();
  const [value, setValue] = useState(() => initial(kind, profile));
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const result = await kit.contacts.updateProfile(patchOf(kind, value));
    setBusy(false);
    if (result.ok) onClose();
  };
  const label = t(LABELS[kind]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal container={portal}>
        <DialogContent className="pc-me-sheet" aria-describedby={undefined} data-testid={`sheet-${kind}`}>
          <header className="pc-me-sheet__header">
            <Dialog.Close className="pc-icon-button" aria-label={t('contacts.profile.close')} data-testid="sheet-close">
              <CloseIcon />
            </Dialog.Close>
            <Dialog.Title className="pc-me-sheet__title">{label}</Dialog.Title>
            <button
              type="button"
              className="pc-button pc-button--primary"
              disabled={busy || !sheetConfirmEnabled(kind, value)}
              onClick={() => void confirm()}
              data-testid="sheet-confirm"
            >
              {t('contacts.profile.confirm')}
            </button>
          </header>
          <div className="pc-me-sheet__body">
            {kind === 'avatar' && <AvatarPicker value={value} onChange={setValue} />}
            {kind === 'gender' && <GenderPicker value={value} onChange={setValue} />}
            {(kind === 'nick' || kind === 'selfSignature' || kind === 'birthday') && (
              <label className="pc-visually-hidden" htmlFor={inputID}>
                {label}
              </label>
            )}
            {kind === 'nick' && (
              <>
                <input
                  id={inputID}
                  className="pc-field__input"
                  value={value}
                  maxLength={64}
                  onChange={(e) => setValue(e.target.value)}
                  data-testid="sheet-input"
                />
                <span className="pc-field__hint">{t('contacts.profile.nickHint')}</span>
              </>
            )}
            {kind === 'selfSignature' && (
              <textarea
                id={inputID}
                className="pc-field__input"
                rows={4}
                maxLength={100}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                data-testid="sheet-input"
              />
            )}
            {kind === 'birthday' && (
              <BirthdayInput id={inputID} value={value} onChange={setValue} testID="sheet-input" />
            )}
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Decision 0017 mobile: one row per field; tapping a row opens its sheet; the back arrow returns to the view. */
export function ProfileSheets({ profile, onDone }: { profile: ChatProfile; onDone: () => void }) {
  const t = useT();
  const [open, setOpen] = useState<SheetKind | null>(null);
  const notSet = t('contacts.profile.notSet');
  const rows: { kind: SheetKind; value: React.ReactNode }[] = [
    { kind: 'avatar', value: <Avatar id={profile.userID} src={profile.avatar} size={36} /> },
    { kind: 'nick', value: nickText(profile.nick) },
    { kind: 'gender', value: genderText(profile.gender, t) ?? notSet },
    { kind: 'selfSignature', value: isUnset(profile.selfSignature) ? notSet : profile.selfSignature },
    { kind: 'birthday', value: isUnset(profile.birthday) ? notSet : birthdayToInput(profile.birthday) },
  ];
  return (
    <div className="pc-profile pc-rows" data-testid="profile-rows">
      <header className="pc-chat__header pc-rows__header">
        <button
          type="button"
          className="pc-icon-button"
          aria-label={t('contacts.pane.back')}
          onClick={onDone}
          data-testid="rows-back"
        >
          <BackIcon />
        </button>
        <h2 className="pc-chat__title">{t('contacts.profile.edit')}</h2>
      </header>
      <ul className="pc-rows__list">
        {rows.map((r) => (
          <li key={r.kind}>
            <button
              type="button"
              className="pc-rows__row"
              onClick={() => setOpen(r.kind)}
              data-testid={`row-${r.kind}`}
            >
              <span className="pc-rows__label">{t(LABELS[r.kind])}</span>
              <span className="pc-rows__value">{r.value}</span>
            </button>
          </li>
        ))}
        <li className="pc-rows__row pc-rows__row--static">
          <span className="pc-rows__label">{t('contacts.profile.userID')}</span>
          <span className="pc-rows__value">{profile.userID}</span>
        </li>
      </ul>
      {open && <Sheet key={open} kind={open} profile={profile} onClose={() => setOpen(null)} />}
    </div>
  );
}
