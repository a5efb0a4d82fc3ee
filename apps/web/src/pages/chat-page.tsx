import { ChatHome, ChatProvider, type HomeTab, useKit } from '@parley/chat-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../components/portal-nav.tsx';
import { SignedInHeader } from '../components/signed-in-header.tsx';
import i18n from '../i18n/index.ts';
import { chat, useSession } from '../session/index.ts';
import { OpenFromQuery } from './open-from-query.tsx';

const SHOWS: Record<HomeTab, NavItem | null> = { chat: 'chat', me: 'profile', contacts: null };

/** The header over the kit: its current link follows the kit's tab, not only the route (UI32). */
function ChatHeader() {
  const { tab } = useKit().contacts;
  const shown = useSyncExternalStore(tab.subscribe, tab.getSnapshot);
  return <SignedInHeader current={SHOWS[shown]} />;
}

/**
 * /chat (and, inside the portal's chrome, the seed portal's /user_chat and /cuser_chat): the chat kit over the session's SDK instance. The kit
 * shares the app's i18next instance (the instance itself: useTranslation's i18n is a per-language wrapper), so the
 * header's language switch changes the chat too.
 */
export function ChatPage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  const snapshot = useSession();
  const chatError = snapshot.status === 'signedIn' ? snapshot.chatError : null;
  return (
    <ChatProvider chat={chat} i18n={i18n}>
      <OpenFromQuery />
      <div className={embedded ? 'chat-page chat-page--embedded' : 'chat-page'}>
        {!embedded && <ChatHeader />}
        {chatError && (
          <div className="chat-page__error" role="alert">
            {t('errors.chat', { message: chatError.message })}
          </div>
        )}
        <main className="chat-page__main">
          <ChatHome />
        </main>
      </div>
    </ChatProvider>
  );
}

/**
 * /user_chat and /cuser_chat (rule POR25): the same chat inside the portal's chrome (top bar, and the slim header for
 * a job seeker), which leads back to the centre and home; so no header of its own.
 */
export function PortalChatPage() {
  return <ChatPage embedded />;
}
