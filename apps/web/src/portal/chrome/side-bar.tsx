import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MiniProgramQr } from './top-bar.tsx';
import { chatPathFor, usePortalUser } from './use-portal-user.ts';

/** Line icons drawn here (no icon font, no third-party host): QR, chat bubble, arrow up. */
const ICONS = {
  qr: 'M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h3v3h-3zM18 18h3v3h-3zM6 6h1v1H6zM17 6h1v1h-1zM6 17h1v1H6z',
  chat: 'M4 5h16v11H9l-5 4z',
  top: 'M12 19V6M6 11l6-6 6 6M5 3h14',
} as const;

function Item({ icon, label }: { icon: keyof typeof ICONS; label: string }): ReactNode {
  return (
    <>
      <svg className="side-bar__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ICONS[icon]} />
      </svg>
      <span className="side-bar__label">{label}</span>
    </>
  );
}

/**
 * The floating side bar (seed 001 §2.2): the mini-program QR, chat, and back to top. Where the page has a gutter
 * wide enough (≥ 1264 px) it is a column of icons in the gutter; narrower, a bar docked at the bottom for which the
 * page keeps room, so it never covers the footer's QR codes or the end of a page (portal.css).
 */
export function SideBar() {
  const { t } = useTranslation();
  const user = usePortalUser();
  const chat = user.status === 'signedIn' ? chatPathFor(user.identity) : '/login';
  return (
    <aside className="side-bar" aria-label={t('portal.side.label')} data-testid="side-bar">
      <MiniProgramQr label={<Item icon="qr" label={t('portal.side.miniProgram')} />} className="side-bar__item" />
      <Link to={chat} className="side-bar__item">
        <Item icon="chat" label={t('portal.side.chat')} />
      </Link>
      <button
        type="button"
        className="side-bar__item"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        data-testid="back-to-top"
      >
        <Item icon="top" label={t('portal.side.top')} />
      </button>
    </aside>
  );
}
