import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MiniProgramQr } from './top-bar.tsx';
import { chatPathFor, usePortalUser } from './use-portal-user.ts';

/** The floating side bar (seed 001 §2.2): the mini-program QR, chat, and back to top. */
export function SideBar() {
  const { t } = useTranslation();
  const user = usePortalUser();
  const chat = user.status === 'signedIn' ? chatPathFor(user.identity) : '/login';
  return (
    <aside className="side-bar" aria-label={t('portal.side.label')}>
      <MiniProgramQr label={t('portal.side.miniProgram')} className="side-bar__item" />
      <Link to={chat} className="side-bar__item">
        {t('portal.side.chat')}
      </Link>
      <button
        type="button"
        className="side-bar__item"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        data-testid="back-to-top"
      >
        {t('portal.side.top')}
      </button>
    </aside>
  );
}
