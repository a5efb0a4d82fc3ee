import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Credentials, sessionStore } from '../session/index.ts';
import { errorText } from './login-error.ts';

/** Account (user ID or mobile) and password; the login page and the home page's login box share it. */
export function LoginForm() {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);

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
    <>
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
        {/* Keyed by the state: antd's Button keeps an inner loading state that was seen stuck on after a refusal
            (THR6 in a loop of failed logins); a fresh button per state cannot keep it. */}
        <Button key={submitting ? 'busy' : 'idle'} type="primary" htmlType="submit" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form>
    </>
  );
}
