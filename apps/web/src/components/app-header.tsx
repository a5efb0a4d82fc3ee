import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch.tsx';

/** The slim portal header: brand on the left, language and page actions on the right. */
export function AppHeader({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <a className="app-header__brand" href="/">
        <img src="/favicon.svg" alt="" width={24} height={24} />
        <span className="app-header__brand-text">{t('app.brand')}</span>
      </a>
      <div className="app-header__actions">
        <LanguageSwitch />
        {actions}
      </div>
    </header>
  );
}
