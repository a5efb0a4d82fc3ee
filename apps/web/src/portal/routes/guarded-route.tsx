import { App } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useSession } from '../../session/index.ts';
import { guard, readCookies } from './guard.ts';
import type { RouteMeta } from './route-table.ts';

// antd's Result draws its 403, 404 and 500 pictures inline: loaded when a refusal is shown, not with the portal (PERF6).
const Forbidden = lazy(() => import('./forbidden.tsx'));

/**
 * The seed's route guard (seed 001 §5, rules POR2 and POR3) over the display cookies, once the session is known
 * (the session store writes and clears them). Not logged in: 'Please log in' and home. Wrong identity: 'No
 * permission', and an in-app navigation goes back where it came from; a page opened directly shows the refusal.
 * The server checks every call again: the cookies only decide what the browser shows.
 */
export function GuardedRoute({ route, children }: { route: RouteMeta; children: ReactNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const snapshot = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const passedAt = useRef<string | null>(null);
  const outcome = snapshot.status === 'loading' ? null : guard(route, readCookies());
  const kind = outcome?.kind ?? null;

  useEffect(() => {
    if (kind === null) return;
    if (kind === 'pass') {
      passedAt.current = location.key;
      return;
    }
    // Logged out while on the page (the logout flow, or another tab): just leave, no second message.
    const leftWhileHere = passedAt.current === location.key;
    if (kind === 'login') {
      if (!leftWhileHere) void message.error({ content: t('portal.guard.login'), key: 'guard' });
      void navigate('/', { replace: true });
      return;
    }
    void message.error({ content: t('portal.guard.forbidden'), key: 'guard' });
    if (location.key !== 'default') void navigate(-1);
  }, [kind, location.key, message, navigate, t]);

  if (!outcome) return <PageSpinner />;
  if (outcome.kind === 'pass') return children;
  if (outcome.kind === 'forbidden')
    return (
      <Suspense fallback={<PageSpinner />}>
        <Forbidden />
      </Suspense>
    );
  return <PageSpinner />;
}
