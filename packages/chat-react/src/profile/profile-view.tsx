import { Avatar } from '../avatar/avatar.tsx';
import type { ChatProfile } from '../contacts/contact-port.ts';
import { birthdayToInput, isUnset, nickText } from '../contacts/profile-rules.ts';
import { useT } from '../hooks/use-t.ts';

/** The gender's text, or null when not set (KCNT6). */
export function genderText(gender: string, t: (key: string) => string): string | null {
  if (gender === 'Gender_Type_Male') return t('contacts.profile.male');
  if (gender === 'Gender_Type_Female') return t('contacts.profile.female');
  return null;
}

/**
 * Seed 001 §2.3, decision 0017: avatar, nickname ('-' when empty), user ID, signature ('not set'); the desktop variant
 * also gender and birthday ('not set'; a birthday that is not 8 digits shows empty, KCNT7). On mobile the whole
 * profile is one button that opens the edit view.
 */
export function ProfileView({
  profile,
  desktop,
  onEdit,
}: {
  profile: ChatProfile;
  desktop: boolean;
  onEdit: () => void;
}) {
  const t = useT();
  const notSet = <span className="pc-muted">{t('contacts.profile.notSet')}</span>;
  const gender = genderText(profile.gender, t);
  const birthday = birthdayToInput(profile.birthday);
  const head = (
    <div className="pc-profile__head">
      <Avatar id={profile.userID} src={profile.avatar} size={64} />
      <div className="pc-profile__names">
        <strong className="pc-profile__nick" data-testid="profile-view-nick">
          {nickText(profile.nick)}
        </strong>
        <span className="pc-profile__id">
          {t('contacts.profile.userID')}: <span data-testid="profile-view-id">{profile.userID}</span>
        </span>
        <span className="pc-profile__signature" data-testid="profile-view-signature">
          {isUnset(profile.selfSignature) ? notSet : profile.selfSignature}
        </span>
      </div>
    </div>
  );
  if (!desktop) {
    return (
      <button
        type="button"
        className="pc-profile pc-profile--tap"
        onClick={onEdit}
        aria-label={t('contacts.profile.tapToEdit')}
        data-testid="profile-view"
      >
        {head}
      </button>
    );
  }
  return (
    <div className="pc-profile" data-testid="profile-view">
      {head}
      <dl className="pc-details__list">
        <dt>{t('contacts.profile.gender')}</dt>
        <dd data-testid="profile-view-gender">{gender ?? notSet}</dd>
        <dt>{t('contacts.profile.birthday')}</dt>
        <dd data-testid="profile-view-birthday">{isUnset(profile.birthday) ? notSet : birthday}</dd>
      </dl>
      <div className="pc-details__actions">
        <button type="button" className="pc-button pc-button--primary" onClick={onEdit} data-testid="profile-edit">
          {t('contacts.profile.edit')}
        </button>
      </div>
    </div>
  );
}
