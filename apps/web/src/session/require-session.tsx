import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { useSession } from './index.ts';

/**
 * Renders its children only with a live session; otherwise sends the visitor to the login page, which returns to
 * this page afterwards (`?redirect=`).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const snapshot = useSession();
  const location = useLocation();
  if (snapshot.status === 'loading') return <PageSpinner />;
  if (snapshot.status === 'signedOut') {
    const back = location.pathname === '/' ? '' : `?redirect=${encodeURIComponent(location.pathname)}`;
    // Keyed by location: when two navigations land in one transition (logout redirects, then goes to '/'), React
    // may never commit the intermediate page, and an unkeyed <Navigate> would stay mounted without firing again.
    return <Navigate key={location.key} to={`/login${back}`} replace />;
  }
  return children;
}

export { safeRedirect } from './safe-redirect.ts';
