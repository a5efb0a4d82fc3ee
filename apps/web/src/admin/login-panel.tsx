import type { AdminMe } from '@parley/protocol';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { ThemeSwitch } from '../components/theme-switch.tsx';
import { ConsoleError, signIn } from './admin-api.ts';
import { errorText } from './error-text.ts';

/** ADM9: name and password of an admin account; never the shared admin key. */
export function LoginPanel({ onSignedIn }: { onSignedIn: (me: AdminMe) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: { name: string; password: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await signIn(values.name, values.password));
    } catch (err) {
      setError(err instanceof ConsoleError ? errorText(t, err) : t('admin.error.network'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="admin-center">
      <div className="admin-login__switches">
        <LanguageSwitch />
        <ThemeSwitch />
      </div>
      <Card className="admin-login">
        <h1 className="admin-login__title">{t('admin.login.heading')}</h1>
        {error && <Alert type="error" role="alert" message={error} className="admin-login__error" />}
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="name"
            label={t('admin.login.name')}
            rules={[{ required: true, message: t('admin.login.nameRequired') }]}
          >
            <Input autoComplete="username" data-testid="admin-login-name" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('admin.login.password')}
            rules={[{ required: true, message: t('admin.login.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" data-testid="admin-login-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} block data-testid="admin-login-submit">
            {t('admin.login.submit')}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
