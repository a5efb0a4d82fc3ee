import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { AppHeader } from '../components/app-header.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { type Credentials, PORTAL_ERROR, PortalError, sessionStore, useSession } from '../session/index.ts';
import { safeRedirect } from '../session/require-session.tsx';

type Translate = ReturnType<typeof useTranslation>['t'];

/** Known failures get a translated text; anything else shows the server's own message. */
function errorText(err: unknown, t: Translate): string {
  if (!(err instanceof PortalError)) return t('errors.generic');
  switch (err.code) {
    case PORTAL_ERROR.WRONG_CREDENTIALS:
      return t('errors.wrongCredentials');
    case PORTAL_ERROR.LOCKED:
      return t('errors.locked');
    case PORTAL_ERROR.NETWORK:
      return t('errors.network');
    case PORTAL_ERROR.TIMEOUT:
      return t('errors.timeout');
    default:
      return err.message || t('errors.generic');
  }
}

/** /login?f=1 (job seeker) or ?f=2 (enterprise): the query only changes the heading; the account decides. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const snapshot = useSession();
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);

  if (snapshot.status === 'loading') return <PageSpinner />;
  if (snapshot.status === 'signedIn') return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  const f = params.get('f');
  const heading = f === '1' ? t('login.headingSeeker') : f === '2' ? t('login.headingEnterprise') : t('login.heading');

  const submit = async (values: Credentials) => {
    setError(null);
    setSubmitting(true);
    try {
      await sessionStore.login({ account: values.account.trim(), password: values.password });
    } catch (err) {
      setError(err);
    } finally {
      setSubmitting(false);
    }
  };

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
          {error !== null && (
            <Alert className="login__error" type="error" showIcon title={errorText(error, t)} role="alert" />
          )}
          <Form<Credentials> layout="vertical" requiredMark={false} onFinish={submit} disabled={submitting}>
            <Form.Item
              name="account"
              label={t('login.account')}
              rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
            >
              <Input autoComplete="username" placeholder={t('login.accountPlaceholder')} maxLength={64} />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[{ required: true, message: t('login.passwordRequired') }]}
            >
              <Input.Password autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {t('login.submit')}
            </Button>
          </Form>
        </section>
      </main>
    </div>
  );
}
