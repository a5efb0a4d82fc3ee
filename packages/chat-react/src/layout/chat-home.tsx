import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { HomeTab } from '../contacts/contacts-kit.ts';
import { useCurrentConversation, useTotalUnread } from '../hooks/use-chat.ts';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { ChatIcon, UsersIcon } from '../icons/icons.tsx';
import { useKit } from '../provider/kit-context.ts';
import { DemoPanel } from '../demo/demo-panel.tsx';
import { ChatApp } from './chat-app.tsx';

const PersonIcon = () => (
  <svg
    width="1em"
    height="1em"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    aria-hidden="true"
  >
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" strokeLinecap="round" />
  </svg>
);

// Loaded when first shown: the chat's first load stays within its budget (web-first-load, ≤ 250 KB).
const ContactScreen = lazy(() => import('../contacts/contact-screen.tsx').then((m) => ({ default: m.ContactScreen })));
const MeScreen = lazy(() => import('../profile/me-screen.tsx').then((m) => ({ default: m.MeScreen })));
const UserCard = lazy(() => import('../contacts/user-card.tsx').then((m) => ({ default: m.UserCard })));

/** The profile card, loaded the first time an avatar asks for it and kept from then on. */
function LazyUserCard() {
  const kit = useKit();
  const userID = useStore(kit.contacts.card);
  const [wanted, setWanted] = useState(false);
  if (userID && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <UserCard />
    </Suspense>
  ) : null;
}

const TABS: { tab: HomeTab; icon: ReactNode }[] = [
  { tab: 'chat', icon: <ChatIcon /> },
  { tab: 'contacts', icon: <UsersIcon /> },
  { tab: 'me', icon: <PersonIcon /> },
];

/**
 * Decision 0017: the chat, the contact screen and the user's own profile side by side behind a tab rail (left on
 * desktop, at the bottom at 768 px and below, hidden there while a chat or a contact's details fill the screen),
 * with the profile card that avatars in the chat open.
 */
export function ChatHome({ className }: { className?: string }) {
  const kit = useKit();
  const t = useT();
  const tab = useStore(kit.contacts.tab);
  const { conversationID } = useCurrentConversation();
  const { selection } = useStore(kit.contacts.column);
  const unread = useTotalUnread();
  const deep = (tab === 'chat' && conversationID !== null) || (tab === 'contacts' && selection.kind !== 'none');
  return (
    <div className={className ? `pc-home ${className}` : 'pc-home'} data-tab={tab} data-deep={deep}>
      <nav className="pc-nav" aria-label={t('contacts.tabs.label')}>
        {TABS.map(({ tab: id, icon }) => (
          <button
            key={id}
            type="button"
            className="pc-nav__tab"
            aria-current={tab === id ? 'page' : undefined}
            onClick={() => kit.contacts.tab.put(id)}
            data-testid={`tab-${id}`}
          >
            <span className="pc-nav__icon">
              {icon}
              {id === 'chat' && unread > 0 && <span className="pc-nav__dot" aria-hidden="true" />}
            </span>
            <span className="pc-nav__label">{t(`contacts.tabs.${id}`)}</span>
          </button>
        ))}
      </nav>
      <div className="pc-home__body">
        {tab === 'chat' && <ChatApp />}
        <Suspense
          fallback={
            <p className="pc-home__loading" role="status">
              {t('contacts.card.loading')}
            </p>
          }
        >
          {tab === 'contacts' && <ContactScreen />}
          {tab === 'me' && <MeScreen />}
        </Suspense>
      </div>
      <DemoPanel />
      <LazyUserCard />
    </div>
  );
}
