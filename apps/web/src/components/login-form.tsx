import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALL, type PortalLoginData } from '../portal/api/calls.ts';
import { answerText } from '../portal/api/answer-text.ts';
import { tapi } from '../portal/api/client.ts';
import { type Credentials, sessionStore } from '../session/index.ts';
import { errorText } from './login-error.ts';

type Translate = ReturnType<typeof useTranslation>['t'];

/** 70063: the account is of the other kind than the login page's (PRT7). */
const WRONG_KIND = 70063;

/**
 * `/login?f=1|2` (seed 001 §2.1): the portal's `user/login` with the page's identity; the server refuses an account of
 * the other kind (PRT7) and the page says which login to use. Returns the text to show, or null when logged in.
 */
async function portalLogin(values: Credentials, identity: 1 | 2, t: Translate): Promise<string | null> {
  try {
    const answer = await tapi<PortalLoginData>(CALL.login, {
      mobile: values.account.trim(),
      password: values.password,
      identity,
    });
    if (answer.code === WRONG_KIND) return t(`login.wrongKind${identity}`);
    if (answer.code !== 1) return answerText(answer) || t('errors.generic');
  } catch {
    // The 'Request exception' dialog has said why.
    return null;
  }
  // The server has set the session cookie: the store picks it up and logs the chat in.
  await sessionStore.recheck();
  return null;
}

/**
 * Account (user ID or mobile) and password; the login page and the home page's login box share it. With an
 * `identity` (the login page's `f`), the account is the mobile number and the portal's login checks the kind.
 */
export function LoginForm({ identity }: { identity?: 1 | 2 }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Credentials) => {
    setError(null);
    setSubmitting(true);
    try {
      if (identity) setError(await portalLogin(values, identity, t));
      else await sessionStore.login({ account: values.account.trim(), password: values.password });
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setSubmitting(false);
    }
  };

  const byMobile = identity !== undefined;
  return (
    <>
      {error !== null && <Alert className="login__error" type="error" showIcon title={error} role="alert" />}
      <Form<Credentials> layout="vertical" requiredMark={false} onFinish={submit} disabled={submitting}>
        <Form.Item
          name="account"
          label={byMobile ? t('login.mobile') : t('login.account')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: byMobile ? t('login.mobileRequired') : t('login.accountRequired'),
            },
          ]}
        >
          <Input
            autoComplete="username"
            inputMode={byMobile ? 'numeric' : 'text'}
            placeholder={byMobile ? t('login.mobilePlaceholder') : t('login.accountPlaceholder')}
            maxLength={byMobile ? 32 : 64}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} />
        </Form.Item>
        {/* Keyed by the state: antd's Button keeps an inner loading state that was seen stuck on after a refusal
            (THR6 in a loop of failed logins); a fresh button per state cannot keep it. */}
        <Button key={submitting ? 'busy' : 'idle'} type="primary" htmlType="submit" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form>
    </>
  );
}
