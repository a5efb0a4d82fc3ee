import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch.tsx';
import { ThemeSwitch } from './theme-switch.tsx';

/**
 * The slim portal header: brand, the page links, then language and account actions. On a phone the links move to a
 * second row, so nothing is pushed off-screen (UI9).
 */
export function AppHeader({ nav, actions }: { nav?: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <a className="app-header__brand" href="/">
        <img src="/favicon.svg" alt="" width={24} height={24} />
        <span className="app-header__brand-text">{t('app.brand')}</span>
      </a>
      {nav}
      <div className="app-header__actions">
        <LanguageSwitch />
        <ThemeSwitch />
        {actions}
      </div>
    </header>
  );
}
