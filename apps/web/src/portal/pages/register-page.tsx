import { Alert, Button, Form, Input, Radio } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AppHeader } from '../../components/app-header.tsx';
import { sessionStore, useSession } from '../../session/index.ts';
import { answerText } from '../api/answer-text.ts';
import { tapi } from '../api/client.ts';
import { type RegisterFields, registerAndSignIn } from './register-flow.ts';

type Fields = RegisterFields;

/** Client hints mirror the server's rules (PRT8-PRT10); the server decides and its message is shown as is. */
const MOBILE = /^1[3-9]\d{9}$/;
const PASSWORD = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;

/**
 * /register (and ?f=2 for an enterprise): a new portal account, then signed in with what was typed and sent to its own
 * centre. Registration answers alike for free and taken numbers (ABU38); when the sign-in then fails, the number was
 * registered before with another password, and the page says to sign in with that one.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const snapshot = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Set once this form has registered: its own navigation to the new centre wins over 'already logged in'.
  const registered = useRef(false);
  if (snapshot.status === 'signedIn' && !registered.current) return <Navigate to="/" replace />;

  const submit = async (fields: Fields) => {
    setError(null);
    setBusy(true);
    try {
      const outcome = await registerAndSignIn(tapi, fields);
      if (outcome.kind === 'taken') {
        setError(t('portal.register.notSignedIn'));
        return;
      }
      if (outcome.kind === 'refused') {
        setError(answerText(outcome.answer) || t('errors.generic'));
        return;
      }
      // The server has set the session cookie: the store picks it up and logs the chat in.
      registered.current = true;
      await sessionStore.recheck();
      await navigate(fields.identity === 2 ? '/cuser' : '/user', { replace: true });
    } catch {
      // The 'Request exception' dialog has said why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <AppHeader />
      <main className="login">
        <section className="panel login__card">
          <h1 className="login__heading">{t('portal.register.heading')}</h1>
          {error && <Alert className="login__error" type="error" showIcon title={error} role="alert" />}
          <Form<Fields>
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
            disabled={busy}
            initialValues={{ identity: params.get('f') === '2' ? 2 : 1 }}
          >
            <Form.Item name="identity" label={t('portal.register.kind')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 1, label: t('identity.1') },
                  { value: 2, label: t('identity.2') },
                ]}
              />
            </Form.Item>
            <Form.Item noStyle dependencies={['identity']}>
              {({ getFieldValue }) => (
                <Form.Item
                  name="name"
                  label={getFieldValue('identity') === 2 ? t('portal.register.company') : t('portal.register.name')}
                  rules={[{ required: true, whitespace: true, message: t('portal.register.nameRequired') }]}
                >
                  <Input maxLength={30} autoComplete="name" />
                </Form.Item>
              )}
            </Form.Item>
            <Form.Item
              name="mobile"
              label={t('portal.register.mobile')}
              rules={[{ required: true, pattern: MOBILE, message: t('portal.register.mobileInvalid') }]}
            >
              <Input inputMode="numeric" maxLength={11} autoComplete="tel" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              extra={t('portal.register.passwordHint')}
              rules={[{ required: true, pattern: PASSWORD, message: t('portal.register.passwordWeak') }]}
            >
              <Input.Password autoComplete="new-password" maxLength={64} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('portal.register.submit')}
            </Button>
          </Form>
          <p className="login__register">
            {t('portal.register.haveAccount')} <Link to="/login">{t('login.heading')}</Link>
          </p>
        </section>
      </main>
    </div>
  );
}
