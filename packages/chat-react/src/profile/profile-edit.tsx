import { type FormEvent, useId, useState } from 'react';
import type { ChatProfile } from '../contacts/contact-port.ts';
import { birthdayFromInput, birthdayToInput, nickFollowsHint } from '../contacts/profile-rules.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';
import { AvatarPicker, GenderPicker } from './avatar-picker.tsx';

/**
 * Seed 001 §2.4, issue 10 §7 desktop: an inline list of the six preset avatars, nickname (with the hint), account ID
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
      <div className="pc-field">
        <span className="pc-field__label">{t('contacts.profile.avatar')}</span>
        <AvatarPicker value={avatar} onChange={setAvatar} />
      </div>
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
      <div className="pc-field">
        <label className="pc-field__label" htmlFor={ids.id}>
          {t('contacts.profile.userID')}
        </label>
        <input id={ids.id} className="pc-field__input" value={profile.userID} readOnly data-testid="edit-id" />
      </div>
      <div className="pc-field">
        <label className="pc-field__label" htmlFor={ids.signature}>
          {t('contacts.profile.signature')}
        </label>
        <input
          id={ids.signature}
          className="pc-field__input"
          value={signature}
          maxLength={100}
          onChange={(e) => setSignature(e.target.value)}
          data-testid="edit-signature"
        />
      </div>
      <div className="pc-field">
        <span className="pc-field__label">{t('contacts.profile.gender')}</span>
        <GenderPicker value={gender} onChange={setGender} />
      </div>
      <div className="pc-field">
        <label className="pc-field__label" htmlFor={ids.birthday}>
          {t('contacts.profile.birthday')}
        </label>
        <input
          id={ids.birthday}
          type="date"
          className="pc-field__input"
          value={birthday}
          min="1900-01-01"
          max="2099-12-31"
          onChange={(e) => setBirthday(e.target.value)}
          data-testid="edit-birthday"
        />
      </div>
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
