import { AppHeader } from './app-header.tsx';
import { LogoutButton } from './logout-button.tsx';
import { type NavItem, PortalNav } from './portal-nav.tsx';
import { unreadBadge, useTotalUnread } from './use-total-unread.ts';

/** The header of every signed-in page (UI8): links with the unread badge, language, and 'Log out'. */
export function SignedInHeader({ current }: { current?: NavItem | null }) {
  const unread = unreadBadge(useTotalUnread());
  return (
    <AppHeader
      nav={<PortalNav unread={unread} {...(current !== undefined ? { current } : {})} />}
      actions={<LogoutButton />}
    />
  );
}
