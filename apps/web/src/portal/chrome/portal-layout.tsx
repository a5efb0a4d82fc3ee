import type { ReactNode } from 'react';
import { HEADER, type RouteMeta } from '../routes/route-table.ts';
import { FullHeader } from './full-header.tsx';
import { SideBar } from './side-bar.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SlimHeader } from './slim-header.tsx';
import { TopBar } from './top-bar.tsx';

/** The chrome a route's meta asks for: top bar always, header 1 or 2, the footer, and the floating side bar. */
export function PortalLayout({ route, children }: { route: RouteMeta; children: ReactNode }) {
  return (
    <div className="portal">
      <header className="portal__header">
        <TopBar />
        {route.header === HEADER.FULL && <FullHeader />}
        {route.header === HEADER.SLIM && <SlimHeader />}
      </header>
      <main className="portal__main">{children}</main>
      {route.footer && <SiteFooter />}
      <SideBar />
    </div>
  );
}
