import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../components/page-spinner.tsx';
import { ProfileCard } from './profile-card.tsx';
import { useMyProfile, useSession } from '../session/index.ts';

/** The signed-in user's own card, as the SDK reports the profile (the home page's account panel). */
export function MyProfilePanel() {
  const { t } = useTranslation();
  const snapshot = useSession();
  const profile = useMyProfile();
  if (snapshot.status !== 'signedIn') return <PageSpinner />;
  const { chatError } = snapshot;
  if (profile) return <ProfileCard profile={profile} identity={snapshot.session.identity} />;
  if (chatError) return <Alert type="error" showIcon title={t('errors.chat', { message: chatError.message })} />;
  return <PageSpinner />;
}
