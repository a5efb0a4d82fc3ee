import { ConfigProvider } from 'antd';
// The ES build of the locales: `antd/locale/*` is CommonJS and would drag antd's CommonJS copy into the bundle.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from './components/page-spinner.tsx';
import { RequireSession } from './session/require-session.tsx';

// Each page is its own chunk: a visitor downloads the login form or the profile view, not both.
const LoginPage = lazy(() => import('./pages/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const HomePage = lazy(() => import('./pages/home-page.tsx').then((m) => ({ default: m.HomePage })));

/**
 * Portal chrome: antd's locale follows the i18n language so built-in texts (dialogs, pickers) switch too.
 * Declarative routing, not a data router: the portal loads data through the SDK and the session store, and the
 * data router would add about 16 KB gzipped for features it would not use.
 */
export function App() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'en' ? enUS : zhCN;
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: '#1f6feb' } }}>
      <BrowserRouter>
        <Suspense fallback={<PageSpinner />}>
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
        </Suspense>
      </BrowserRouter>
    </ConfigProvider>
  );
}
