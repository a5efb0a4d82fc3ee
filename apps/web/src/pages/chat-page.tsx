import { ChatApp, ChatProvider, useTotalUnread } from '@parley/chat-react';
import { useTranslation } from 'react-i18next';
import { AppHeader } from '../components/app-header.tsx';
import i18n from '../i18n/index.ts';
import { PortalNav } from '../components/portal-nav.tsx';
import { chat, useSession } from '../session/index.ts';

function Header() {
  const total = useTotalUnread();
  return <AppHeader actions={<PortalNav unread={total > 99 ? '99+' : total > 0 ? String(total) : null} />} />;
}

/**
 * /chat (and the seed portal's /user_chat and /cuser_chat): the chat kit over the session's SDK instance. The kit
 * shares the app's i18next instance (the instance itself: useTranslation's i18n is a per-language wrapper), so the
 * header's language switch changes the chat too.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const snapshot = useSession();
  const chatError = snapshot.status === 'signedIn' ? snapshot.chatError : null;
  return (
    <ChatProvider chat={chat} i18n={i18n}>
      <div className="chat-page">
        <Header />
        {chatError && (
          <div className="chat-page__error" role="alert">
            {t('errors.chat', { message: chatError.message })}
          </div>
        )}
        <main className="chat-page__main">
          <ChatApp />
        </main>
      </div>
    </ChatProvider>
  );
}
