import { type ComponentType, lazy, type LazyExoticComponent, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PortalLayout } from '../chrome/portal-layout.tsx';
import { GuardedRoute } from './guarded-route.tsx';
import type { PageProps } from './page-props.ts';
import { type PageKind, PORTAL_ROUTES, type RouteMeta } from './route-table.ts';
import { ScrollToTop } from './scroll-to-top.tsx';

type Page = LazyExoticComponent<ComponentType<PageProps>>;
const page = (load: () => Promise<{ default: ComponentType<PageProps> }>): Page => lazy(load);

/** Each page kind is its own chunk: the home page does not carry the centres or the forms. */
const PAGES: Record<PageKind, Page> = {
  home: page(() => import('../pages/home-page.tsx')),
  jobList: page(() => import('../pages/job-list-page.tsx')),
  jobDetail: page(() => import('../pages/job-detail-page.tsx')),
  channelList: page(() => import('../pages/channel-list-page.tsx')),
  channelShow: page(() => import('../pages/channel-show-page.tsx')),
  content: page(() => import('../pages/content-page.tsx')),
  map: page(() => import('../pages/map-page.tsx')),
  login: page(() => import('../../pages/login-page.tsx').then((m) => ({ default: m.LoginPage }))),
  register: page(() => import('../pages/register-page.tsx')),
  seekerCentre: page(() => import('../centre/seeker-centre.tsx')),
  enterpriseCentre: page(() => import('../centre/enterprise-centre.tsx')),
  apply: page(() => import('../pages/apply-page.tsx')),
  screen: page(() => import('../pages/screen-page.tsx')),
  chat: page(() => import('../../pages/chat-page.tsx').then((m) => ({ default: m.PortalChatPage }))),
};

/** Pages with a frame of their own (the login and register forms carry the language switch themselves). */
const BARE: readonly PageKind[] = ['login', 'register'];

function element(route: RouteMeta) {
  const Page = PAGES[route.page];
  const body = (
    <Suspense fallback={<PageSpinner />}>
      <Page route={route} />
    </Suspense>
  );
  const framed = BARE.includes(route.page) ? body : <PortalLayout route={route}>{body}</PortalLayout>;
  return route.login ? <GuardedRoute route={route}>{framed}</GuardedRoute> : framed;
}

/** The portal's route table rendered (Parley's own /chat is mounted by app.tsx without antd). */
export function PortalRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        {PORTAL_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={element(route)} />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </>
  );
}
