/** The portal's card of the signed-in user: avatar, name and identity. */
import type { Profile } from '@parley/chat';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { BreakableId } from '../components/breakable-id.tsx';
import { avatarSrc, fallBackToDefaultAvatar } from './avatars.ts';
import { formatBirthday, genderKey } from './profile-format.ts';

interface Props {
  profile: Profile;
  /** Portal identity of the session: 1 job seeker, 2 enterprise. */
  identity: number;
}

/** The desktop profile view of seed 001 §2.3. User content is rendered as text, never as HTML. */
export function ProfileCard({ profile, identity }: Props) {
  const { t } = useTranslation();
  const notSet = <span className="muted">{t('home.notSet')}</span>;
  const gender = genderKey(profile.gender);
  const birthday = formatBirthday(profile.birthday);
  const name = profile.nick || profile.userID;
  const identityLabel = identity === 1 ? t('identity.1') : identity === 2 ? t('identity.2') : t('identity.0');

  return (
    <div className="profile-card">
      <div className="profile-card__head">
        <img
          className="profile-card__avatar"
          src={avatarSrc(profile.avatar)}
          alt={t('home.avatarAlt', { name })}
          width={72}
          height={72}
          onError={fallBackToDefaultAvatar}
        />
        <div>
          <h2 className="profile-card__name" data-testid="profile-nick">
            {profile.nick || '-'}
          </h2>
          <span className={`identity-badge identity-badge--${identity}`}>{identityLabel}</span>
        </div>
      </div>
      <Descriptions
        column={1}
        bordered
        size="medium"
        items={[
          { key: 'nick', label: t('home.nick'), children: profile.nick || '-' },
          {
            key: 'userID',
            label: t('home.userID'),
            children: (
              <span data-testid="profile-userid">
                <BreakableId value={profile.userID} />
              </span>
            ),
          },
          { key: 'signature', label: t('home.signature'), children: profile.selfSignature || notSet },
          { key: 'gender', label: t('home.gender'), children: gender ? t(`gender.${gender}`) : notSet },
          { key: 'birthday', label: t('home.birthday'), children: birthday ?? notSet },
        ]}
      />
    </div>
  );
}
