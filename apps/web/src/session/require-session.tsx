import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { useSession } from './index.ts';

/** Renders its children only with a live session; otherwise sends the visitor to the login page. */
export function RequireSession({ children }: { children: ReactNode }) {
  const snapshot = useSession();
  const location = useLocation();
  if (snapshot.status === 'loading') return <PageSpinner />;
  // Keyed by location: when two navigations land in one transition (logout redirects, then goes to '/'), React
  // may never commit the intermediate page, and an unkeyed <Navigate> would stay mounted without firing again.
  if (snapshot.status === 'signedOut') return <Navigate key={location.key} to="/login" replace />;
  return children;
}
