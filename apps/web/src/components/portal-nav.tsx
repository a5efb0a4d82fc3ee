import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** Which of the header's links names what the page shows. */
export type NavItem = 'profile' | 'chat';

/**
 * Links between the portal's signed-in pages; plain links, so the chat page can use it without antd. The route marks
 * the current link, unless the page says what it shows (UI32: on /chat, the kit's 'Me' tab is the user's profile, not
 * the messages; its contacts tab is neither).
 */
export function PortalNav({ unread, current }: { unread?: string | null; current?: NavItem | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const shown: NavItem | null =
    current !== undefined ? current : pathname === '/' ? 'profile' : pathname.startsWith('/chat') ? 'chat' : null;
  const mark = (item: NavItem) =>
    shown === item ? ({ className: 'active', 'aria-current': 'page' } as const) : { className: undefined };
  return (
    <nav className="portal-nav app-header__nav" aria-label={t('nav.main')}>
      <Link to="/" {...mark('profile')}>
        {t('nav.profile')}
      </Link>
      <Link to="/chat" {...mark('chat')}>
        {t('nav.chat')}
        {unread && (
          <span className="portal-nav__badge" data-testid="nav-unread">
            {unread}
          </span>
        )}
      </Link>
    </nav>
  );
}
