import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppHeader } from '../components/app-header.tsx';
import { PortalNav } from '../components/portal-nav.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { ProfileCard } from '../profile/profile-card.tsx';
import { useMyProfile, useSession } from '../session/index.ts';
import { useLogout } from '../session/use-logout.tsx';

/** Signed-in placeholder: the profile comes from the SDK (getMyProfile), not from the session response. */
export function HomePage() {
  const { t } = useTranslation();
  const snapshot = useSession();
  const profile = useMyProfile();
  const { logout, contextHolder } = useLogout();
  if (snapshot.status !== 'signedIn') return <PageSpinner />;

  const { chatError } = snapshot;
  let body = <PageSpinner />;
  if (profile) body = <ProfileCard profile={profile} identity={snapshot.session.identity} />;
  else if (chatError) body = <Alert type="error" showIcon title={t('errors.chat', { message: chatError.message })} />;

  return (
    <div className="page">
      {contextHolder}
      <AppHeader
        actions={
          <>
            <PortalNav />
            <Button onClick={logout}>{t('logout.button')}</Button>
          </>
        }
      />
      <main className="home">
        <section className="panel" aria-labelledby="home-heading">
          <h1 id="home-heading" className="panel__title">
            {t('home.heading')}
          </h1>
          {body}
        </section>
      </main>
    </div>
  );
}
