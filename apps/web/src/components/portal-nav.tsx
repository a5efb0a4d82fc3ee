import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** Links between the portal's signed-in pages; plain links, so the chat page can use it without antd. */
export function PortalNav({ unread }: { unread?: string | null }) {
  const { t } = useTranslation();
  return (
    <nav className="portal-nav app-header__nav" aria-label={t('nav.main')}>
      <NavLink to="/" end>
        {t('nav.profile')}
      </NavLink>
      <NavLink to="/chat">
        {t('nav.chat')}
        {unread && (
          <span className="portal-nav__badge" data-testid="nav-unread">
            {unread}
          </span>
        )}
      </NavLink>
    </nav>
  );
}
