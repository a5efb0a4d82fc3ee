/**
 * @parley/chat-react — Parley's React chat kit. Mount it over a logged-in SDK instance:
 *
 * ```tsx
 * <ChatProvider chat={chat} i18n={i18n}>
 *   <ChatApp />
 * </ChatProvider>
 * ```
 *
 * It does no I/O of its own: every read and write goes through the SDK (GUIDE §1, §5.6).
 */
// The kit's styles are imported by ChatProvider (provider/chat-provider.tsx), which every host mounts: this barrel
// stays free of side effects, so a bundler keeps only what the host uses (package.json `sideEffects`).

export const CHAT_REACT_VERSION = '0.1.0';

export { ChatApp } from './layout/chat-app.tsx';
export {
  parseThemePreference,
  type ResolvedTheme,
  resolveTheme,
  THEME_PREFERENCES,
  type ThemePreference,
  type ThemeState,
  themeStore,
} from './theme/index.ts';
export { ChatProvider, type ChatProviderProps, type ChatTheme } from './provider/chat-provider.tsx';
export { ConversationList } from './conversation-list/conversation-list.tsx';
export { ChatWindow } from './chat/chat-window.tsx';
export { NewChatDialog } from './new-chat/new-chat-dialog.tsx';
export { GroupPanel } from './group/panel/group-panel.tsx';
export { GroupSearchDialog } from './group/group-search-dialog.tsx';
export { NewGroupDialog } from './group/new-group-dialog.tsx';
export { SystemNotices } from './group/system-notices.tsx';
export { useGroup, useGroupIDs, useSystemNotices } from './hooks/use-group.ts';
export type { ChatGroup, ChatGroupMember, GroupPort } from './group/group-port.ts';
export {
  useAnnouncement,
  useConversationList,
  useCurrentConversation,
  useMessages,
  useNetState,
  useToasts,
  useTotalUnread,
} from './hooks/use-chat.ts';
export { useT } from './hooks/use-t.ts';
export { ChatHome } from './layout/chat-home.tsx';
export { ContactScreen } from './contacts/contact-screen.tsx';
export { MeScreen } from './profile/me-screen.tsx';
export { UserCard } from './contacts/user-card.tsx';
export type { HomeTab } from './contacts/contacts-kit.ts';
export { useKit } from './provider/kit-context.ts';
export type { ChatKit, StartChatResult } from './provider/chat-kit.ts';
export type { ChatConversation, ChatMessage, ChatPort } from './provider/chat-port.ts';
export { addChatResources, CHAT_NS, chatResources, createChatI18n, type ChatLanguage } from './i18n/index.ts';
// Rich messages (decision 0016): the location card's map link, `{lat}` and `{lng}` filled in (none by default).
