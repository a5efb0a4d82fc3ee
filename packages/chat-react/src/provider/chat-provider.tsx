import type { i18n as I18n } from 'i18next';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { LiveRegion } from '../a11y/live-region.tsx';
import { LazyDeleteDialog } from './lazy-delete-dialog.tsx';
import { addChatResources, type ChatLanguage, createChatI18n } from '../i18n/index.ts';
import { Toaster } from '../toast/toaster.tsx';
import { ChatKit } from './chat-kit.ts';
import type { ChatPort } from './chat-port.ts';
import { themeStore } from '../theme/theme-store.ts';
import { KitContext } from './kit-context.ts';

// Styles, in cascade order: the theme's variables, shared controls, the features, then the layout with its
// narrow-screen rules last so they win.
import '../styles/theme.css';
import '../styles/controls.css';
import '../conversation-list/conversation-list.css';
import '../message-list/message-list.css';
import '../message-input/message-input.css';
import '../toast/toast.css';
import '../group/group.css';
import '../group/group-search.css';
// Message actions (decision 0015)
import '../actions/actions.css';
import '../actions/threads.css';
// Drafts, pinned group messages and edits (decision 0041)
import '../drafts/drafts.css';
import '../pins/pins.css';
// Message reports (decision 0055)
import '../reports/reports.css';
import '../edits/edits.css';
// Search (SRCH48–SRCH55)
import '../search/search.css';
import '../styles/layout.css';
// Rich messages (decision 0016)
import '../rich/rich.css';
// Voice and location messages (decisions 0033, 0034)
import '../voice/voice.css';
import '../location/location.css';
import '../calls/calls.css';
// Contacts, profiles and presence (decision 0017)
import '../layout/home.css';
import '../demo/demo.css';
import '../contacts/contacts.css';
import '../profile/profile.css';

export type ChatTheme = 'light' | 'dark' | 'auto';

export interface ChatProviderProps {
  /** A logged-in SDK instance (`TencentCloudChat.create(...)` after `login`). */
  chat: ChatPort;
  /** The host app's i18next instance: the kit adds its texts to it and follows its language. */
  i18n?: I18n;
  /** Without an i18n instance: the language of the kit's own instance. */
  language?: ChatLanguage;
  /**
   * 'auto' (the default) follows the user's Light/Dark/System choice, stored for the page, and under System the
   * system's scheme (decision 0031); 'light' and 'dark' fix the kit's theme whatever the page says.
   */
  theme?: ChatTheme;
  children: ReactNode;
}

/** Mounts the kit over an SDK instance: creates its stores, subscribes them to the SDK, renders toasts and the live region. */
export function ChatProvider({ chat, i18n, language = 'zh', theme = 'auto', children }: ChatProviderProps) {
  // The initial language only: later changes go through changeLanguage below, which keeps the kit and its stores.
  const [initialLanguage] = useState(language);
  // react-i18next's useTranslation() hands out a new wrapper of the instance on every language change; keying the
  // kit on the wrapper would rebuild its stores (and close the open chat) whenever the language switches.
  const base = i18n ? ((i18n as I18n & { __original?: I18n }).__original ?? i18n) : undefined;
  const instance = useMemo(() => {
    if (!base) return createChatI18n(initialLanguage);
    addChatResources(base);
    return base;
  }, [base, initialLanguage]);
  useEffect(() => {
    if (!base && instance.language !== language) void instance.changeLanguage(language);
  }, [base, instance, language]);
  const kit = useMemo(() => new ChatKit(chat, instance), [chat, instance]);
  // The document's theme store sets <html data-theme>, which the 'auto' tokens follow (UI13).
  useState(() => theme === 'auto' && themeStore());
  const [portal, setPortal] = useState<HTMLElement | null>(null);
  useEffect(() => kit.attach(), [kit]);
  const value = useMemo(() => ({ kit, portal }), [kit, portal]);

  return (
    <KitContext.Provider value={value}>
      <div className={`pc-theme pc-theme--${theme}`}>
        {children}
        <LazyDeleteDialog />
        <Toaster />
        <LiveRegion />
        <div className="pc-portal" ref={setPortal} />
      </div>
    </KitContext.Provider>
  );
}
