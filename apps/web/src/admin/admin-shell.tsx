import './admin.css';
import type { AdminMe } from '@parley/protocol';
import { App, Button, ConfigProvider, Layout, Spin } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { antdTheme } from '../antd-theme.ts';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { ThemeSwitch, useTheme } from '../components/theme-switch.tsx';
import { antdCsp } from '../csp-nonce.ts';
import { ConsoleError, signOut, whoAmI } from './admin-api.ts';
import { AuditPage } from './audit-page.tsx';
import { FeedbackPage } from './feedback-page.tsx';
import { GroupsPage } from './groups-page.tsx';
import { LivePage } from './live-page.tsx';
import { LoginPanel } from './login-panel.tsx';
// Message reports (decision 0055)
import { ReportsPage } from './reports-page.tsx';
import { UsersPage } from './users-page.tsx';
import { WordsPage } from './words-page.tsx';

const SECTIONS = ['users', 'groups', 'words', 'feedback', 'reports', 'audit', 'live'] as const;
const BASE = '/admin/console';

/** The signed-in admin, `null` when signed out, `undefined` while asking (ADM5: the cookie is never readable here). */
function useAdmin() {
  const [me, setMe] = useState<AdminMe | null | undefined>(undefined);
  useEffect(() => {
    whoAmI().then(setMe, (err: unknown) => {
      if (err instanceof ConsoleError && err.status === 401) setMe(null);
      else setMe(null);
    });
  }, []);
  return [me, setMe] as const;
}

function ConsoleLayout({ me, onSignedOut }: { me: AdminMe; onSignedOut: () => void }) {
  const { t } = useTranslation();
  const out = useCallback(() => {
    signOut().finally(onSignedOut);
  }, [onSignedOut]);
  return (
    <Layout className="admin-layout">
      <Layout.Header className="admin-header">
        <span className="admin-header__brand">{t('admin.title')}</span>
        <nav aria-label={t('admin.navLabel')} className="admin-header__nav">
          {SECTIONS.map((s) => (
            <NavLink key={s} to={`${BASE}/${s}`} className="admin-nav__link">
              {t(`admin.nav.${s}`)}
            </NavLink>
          ))}
        </nav>
        <span className="admin-header__me" data-testid="admin-me">
          {me.name} · {t(`admin.role.${me.role}`)}
        </span>
        <LanguageSwitch />
        <ThemeSwitch />
        <Button onClick={out}>{t('admin.signOut')}</Button>
      </Layout.Header>
      <Layout.Content className="admin-content">
        <main>
          <Routes>
            {/* Relative to the app's `/admin/*` route. */}
            <Route path="console/users" element={<UsersPage me={me} />} />
            <Route path="console/groups" element={<GroupsPage me={me} />} />
            <Route path="console/words" element={<WordsPage me={me} />} />
            <Route path="console/feedback" element={<FeedbackPage me={me} />} />
            <Route path="console/reports" element={<ReportsPage me={me} />} />
            <Route path="console/audit" element={<AuditPage />} />
            <Route path="console/live" element={<LivePage />} />
            <Route path="*" element={<Navigate to={`${BASE}/users`} replace />} />
          </Routes>
        </main>
      </Layout.Content>
    </Layout>
  );
}

function Console() {
  const [me, setMe] = useAdmin();
  const location = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('admin.title');
  }, [t]);
  if (me === undefined) {
    return (
      <div className="admin-center">
        <Spin />
      </div>
    );
  }
  if (me === null) return <LoginPanel onSignedIn={setMe} />;
  if (!location.pathname.startsWith(BASE)) return <Navigate to={`${BASE}/users`} replace />;
  return <ConsoleLayout me={me} onSignedOut={() => setMe(null)} />;
}

/**
 * The admin console (decision 0053): an antd chunk of its own at /admin and /admin/console/*, never loaded by the
 * portal or the chat. Its locale and theme follow the page's switches, as the portal's do.
 */
export default function AdminShell() {
  const { i18n } = useTranslation();
  const { resolved } = useTheme();
  return (
    <ConfigProvider
      button={{ autoInsertSpace: false }}
      csp={antdCsp}
      locale={i18n.resolvedLanguage === 'en' ? enUS : zhCN}
      theme={antdTheme(resolved)}
    >
      <App component={false}>
        <Console />
      </App>
    </ConfigProvider>
  );
}
