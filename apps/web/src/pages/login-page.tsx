import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { AppHeader } from '../components/app-header.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { useSession } from '../session/index.ts';
import { safeRedirect } from '../session/require-session.tsx';

/**
 * /login?f=1 (job seeker) or ?f=2 (enterprise): the portal's login for that identity, checked by the server (PRT7).
 * Without `f`, any account by user ID or mobile (chat-only accounts, the admin-created users).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const snapshot = useSession();

  if (snapshot.status === 'loading') return <PageSpinner />;
  if (snapshot.status === 'signedIn') return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  const f = params.get('f');
  const identity = f === '1' ? 1 : f === '2' ? 2 : undefined;
  const heading = f === '1' ? t('login.headingSeeker') : f === '2' ? t('login.headingEnterprise') : t('login.heading');

  return (
    <div className="page">
      <AppHeader />
      <main className="login">
        <section className="panel login__card">
          <h1 className="login__heading">{heading}</h1>
          <nav className="login__switch" aria-label={t('login.heading')}>
            <Link to="/login?f=1">{t('login.asSeeker')}</Link>
            <Link to="/login?f=2">{t('login.asEnterprise')}</Link>
          </nav>
          <LoginForm key={f ?? ''} {...(identity ? { identity } : {})} />
          <p className="login__register">
            {t('portal.register.noAccount')}{' '}
            <Link to={f === '2' ? '/register?f=2' : '/register'}>{t('portal.register.link')}</Link>
          </p>
        </section>
      </main>
    </div>
  );
}
