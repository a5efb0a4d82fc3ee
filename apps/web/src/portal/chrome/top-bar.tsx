import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { ThemeSwitch } from '../../components/theme-switch.tsx';
import { LogoutButton } from '../../components/logout-button.tsx';
import { unreadBadge, useTotalUnread } from '../../components/use-total-unread.ts';
import { type Block, BLOCK, CALL } from '../api/calls.ts';
import { dataOf, useTapi } from '../api/use-tapi.ts';
import { Disclosure } from './disclosure.tsx';
import { chatPathFor, type PortalUser, usePortalUser } from './use-portal-user.ts';

/** The mini-program QR (content block 32, '扫码进入小程序') under a button: the top bar and the side bar share it. */
export function MiniProgramQr({ label, className }: { label: ReactNode; className: string }) {
  return (
    <Disclosure label={label} className={className} panelClassName="qr-pop">
      {() => <QrFigure />}
    </Disclosure>
  );
}

function QrFigure() {
  const { t } = useTranslation();
  const block = dataOf(useTapi<Block>(CALL.block, { id: BLOCK.qrRight }, { cache: true }));
  if (!block) return <span>{t('app.loading')}</span>;
  return (
    <figure>
      <img src={block.image} alt={block.title} width={120} height={120} />
      <figcaption>{block.title}</figcaption>
    </figure>
  );
}

function ChatLink({ identity }: { identity: number }) {
  const { t } = useTranslation();
  const unread = unreadBadge(useTotalUnread());
  return (
    <Link to={chatPathFor(identity)} className="top-bar__link">
      {t('nav.chat')}
      {unread && (
        <span className="portal-nav__badge" data-testid="nav-unread">
          {unread}
        </span>
      )}
    </Link>
  );
}

function SeekerLinks({ user }: { user: PortalUser }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/apply" className="top-bar__link">
        {t('portal.top.applyExpert')}
      </Link>
      <Link to="/user" className="top-bar__link" data-testid="top-user">
        {user.info?.username || t('portal.top.centre')}
      </Link>
      {user.info?.jl_status === 1 && (
        <Link to="/user_resumeshow" className="top-bar__link" data-testid="complete-resume">
          {t('portal.top.completeResume')}
          <span className="dot-badge" aria-hidden="true" />
        </Link>
      )}
    </>
  );
}

function EnterpriseLink({ user }: { user: PortalUser }) {
  const { t } = useTranslation();
  const title = user.info?.qy?.title || user.info?.username || t('portal.top.centre');
  return (
    <Link to="/cuser" className="top-bar__link" data-testid="top-user">
      {title}
      {user.info?.mobile ? ` (${user.info.mobile})` : ''}
    </Link>
  );
}

function VisitorLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/login?f=2" className="top-bar__link">
        {t('portal.top.enterpriseLogin')}
      </Link>
      <Link to="/login?f=1" className="top-bar__link">
        {t('portal.top.seekerLogin')}
      </Link>
      <Link to="/register" className="top-bar__link">
        {t('portal.top.register')}
      </Link>
      <MiniProgramQr label={t('portal.top.miniProgram')} className="top-bar__link top-bar__plain" />
    </>
  );
}

/** The top bar by identity (seed 001 §2.2, rule POR11): what a visitor, a job seeker or an enterprise may do. */
export function TopBar() {
  const { t } = useTranslation();
  const user = usePortalUser();
  let links: React.ReactNode = null;
  if (user.status === 'signedOut') links = <VisitorLinks />;
  else if (user.status === 'signedIn') {
    links = (
      <>
        {user.identity === 1 && <SeekerLinks user={user} />}
        {user.identity === 2 && <EnterpriseLink user={user} />}
        {user.identity !== 1 && user.identity !== 2 && (
          <Link to="/" className="top-bar__link">
            {t('nav.profile')}
          </Link>
        )}
        <ChatLink identity={user.identity} />
        <LogoutButton />
      </>
    );
  }
  return (
    <div className="top-bar">
      <div className="top-bar__inner">
        <span className="top-bar__welcome">{t('portal.top.welcome')}</span>
        <nav className="top-bar__links" aria-label={t('portal.top.label')}>
          {/* Every portal page leads home, also those without a header (the enterprise centre, the chat; POR27). */}
          <Link to="/" className="top-bar__link" data-testid="top-home">
            {t('portal.menu.home')}
          </Link>
          {links}
          <LanguageSwitch />
          <ThemeSwitch />
        </nav>
      </div>
    </div>
  );
}
