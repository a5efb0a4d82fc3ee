import type { ReactNode } from 'react';
import { HEADER, type RouteMeta } from '../routes/route-table.ts';
import { FullHeader } from './full-header.tsx';
import { SideBar } from './side-bar.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SlimHeader } from './slim-header.tsx';
import { TopBar } from './top-bar.tsx';

/** The chrome a route's meta asks for: top bar always, header 1 or 2, the footer, and the floating side bar (not on the chat). */
export function PortalLayout({ route, children }: { route: RouteMeta; children: ReactNode }) {
  // The chat fills the window under the header; the floating side bar would cover its input on a phone.
  const chat = route.page === 'chat';
  return (
    <div className={chat ? 'portal portal--chat' : 'portal'}>
      <header className="portal__header">
        <TopBar />
        {route.header === HEADER.FULL && <FullHeader />}
        {route.header === HEADER.SLIM && <SlimHeader />}
      </header>
      {chat ? children : <main className="portal__main">{children}</main>}
      {route.footer && <SiteFooter />}
      {!chat && <SideBar />}
    </div>
  );
}
