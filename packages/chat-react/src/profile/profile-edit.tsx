import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { ChatProfile } from '../contacts/contact-port.ts';
import { birthdayFromInput, birthdayToInput, nickFollowsHint } from '../contacts/profile-rules.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';
import { AvatarPicker, BirthdayInput, GenderPicker } from './avatar-picker.tsx';

/** A labelled field: a <label> for an input, a plain caption for a group of choices (which has its own legend). */
function Field({ id, label, children }: { id?: string; label: string; children: ReactNode }) {
  return (
    <div className="pc-field">
      {id ? (
        <label className="pc-field__label" htmlFor={id}>
          {label}
        </label>
      ) : (
        <span className="pc-field__label">{label}</span>
      )}
      {children}
    </div>
  );
}

/**
 * Seed 001 §2.4, decision 0017 desktop: an inline list of the six preset avatars, nickname (with the hint), account ID
 * read-only, signature, gender, birthday date picker without time, Cancel and Save; both return to the view.
 */
export function ProfileEdit({ profile, onDone }: { profile: ChatProfile; onDone: () => void }) {
  const kit = useKit();
  const t = useT();
  const ids = { nick: useId(), id: useId(), signature: useId(), birthday: useId(), hint: useId() };
  const [avatar, setAvatar] = useState(profile.avatar);
  const [nick, setNick] = useState(profile.nick);
  const [signature, setSignature] = useState(profile.selfSignature);
  const [gender, setGender] = useState(profile.gender);
  const [birthday, setBirthday] = useState(birthdayToInput(profile.birthday));
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await kit.contacts.updateProfile({
      avatar,
      nick: nick.trim(),
      selfSignature: signature.trim(),
      gender,
      birthday: birthdayFromInput(birthday),
    });
    setBusy(false);
    if (result.ok) onDone();
  };

  return (
    <form className="pc-profile pc-profile-edit" onSubmit={save} data-testid="profile-edit-form">
      <Field label={t('contacts.profile.avatar')}>
        <AvatarPicker value={avatar} onChange={setAvatar} />
      </Field>
      <div className="pc-field">
        <label className="pc-field__label" htmlFor={ids.nick}>
          {t('contacts.profile.nick')}
        </label>
        <input
          id={ids.nick}
          className="pc-field__input"
          value={nick}
          maxLength={64}
          aria-describedby={ids.hint}
          onChange={(e) => setNick(e.target.value)}
          data-testid="edit-nick"
        />
        <span
          id={ids.hint}
          className={nick && !nickFollowsHint(nick) ? 'pc-field__hint pc-field__hint--warn' : 'pc-field__hint'}
        >
          {t('contacts.profile.nickHint')}
        </span>
      </div>
      <Field id={ids.id} label={t('contacts.profile.userID')}>
        <input id={ids.id} className="pc-field__input" value={profile.userID} readOnly data-testid="edit-id" />
      </Field>
      <Field id={ids.signature} label={t('contacts.profile.signature')}>
        <input
          id={ids.signature}
          className="pc-field__input"
          value={signature}
          maxLength={100}
          onChange={(e) => setSignature(e.target.value)}
          data-testid="edit-signature"
        />
      </Field>
      <Field label={t('contacts.profile.gender')}>
        <GenderPicker value={gender} onChange={setGender} />
      </Field>
      <Field id={ids.birthday} label={t('contacts.profile.birthday')}>
        <BirthdayInput id={ids.birthday} value={birthday} onChange={setBirthday} testID="edit-birthday" />
      </Field>
      <div className="pc-details__actions">
        <button type="button" className="pc-button" onClick={onDone} data-testid="edit-cancel">
          {t('contacts.profile.cancel')}
        </button>
        <button type="submit" className="pc-button pc-button--primary" disabled={busy} data-testid="edit-save">
          {t('contacts.profile.save')}
        </button>
      </div>
    </form>
  );
}
