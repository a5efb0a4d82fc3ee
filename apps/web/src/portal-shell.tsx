import { ConfigProvider } from 'antd';
// The ES build of the locales: `antd/locale/*` is CommonJS and would drag antd's CommonJS copy into the bundle.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { RequireSession } from './session/require-session.tsx';

// Each page is its own chunk: a visitor downloads the login form or the profile view, not both.
const LoginPage = lazy(() => import('./pages/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const HomePage = lazy(() => import('./pages/home-page.tsx').then((m) => ({ default: m.HomePage })));

/**
 * The antd portal: its pages and antd's ConfigProvider, whose locale follows the i18n language so built-in texts
 * (dialogs, pickers) switch too. A chunk of its own, so the chat routes never load antd.
 */
export default function PortalShell() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'en' ? enUS : zhCN;
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: '#1f6feb' } }}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route
          path="/"
          element={
            <RequireSession>
              <HomePage />
            </RequireSession>
          }
        />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </ConfigProvider>
  );
}
