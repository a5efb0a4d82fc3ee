import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../session/index.ts';
import { errorText } from './login-error.ts';

/**
 * The home page's login box: the same login as the login page, in plain form elements, since the home page is the
 * portal's first screen and antd's Form would add about 25 KB of gzipped JavaScript to it (decision 0011).
 */
export function QuickLogin() {
  const { t } = useTranslation();
  const id = useId();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!account.trim()) return setError(t('login.accountRequired'));
    if (!password) return setError(t('login.passwordRequired'));
    setError(null);
    setBusy(true);
    try {
      await sessionStore.login({ account: account.trim(), password });
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="quick-login" onSubmit={submit} noValidate>
      {error && (
        <p className="quick-login__error" role="alert">
          {error}
        </p>
      )}
      <label htmlFor={`${id}-account`}>{t('login.account')}</label>
      <input
        id={`${id}-account`}
        autoComplete="username"
        maxLength={64}
        placeholder={t('login.accountPlaceholder')}
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        disabled={busy}
      />
      <label htmlFor={`${id}-password`}>{t('login.password')}</label>
      <input
        id={`${id}-password`}
        type="password"
        autoComplete="current-password"
        placeholder={t('login.passwordPlaceholder')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        disabled={busy}
      />
      <button type="submit" className="quick-login__submit" disabled={busy}>
        {t('login.submit')}
      </button>
    </form>
  );
}
