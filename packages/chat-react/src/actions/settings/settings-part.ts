import type { conversationsPart } from '../../conversation-list/conversations-part.ts';
import { type AddsOf, type KitBase, kitPart } from '../../provider/kit-part.ts';
import { Notifier } from './notifier.ts';
import { SettingsStore } from './settings-store.ts';

/** Per-user chat settings, desktop notifications and the unread count in the page title. */
export const settingsPart = kitPart({
  name: 'settings',
  build(kit: KitBase & AddsOf<typeof conversationsPart>) {
    const settings = new SettingsStore(() => (kit.chat.isReady() ? kit.chat.getLoginUser() : ''));
    const notifier = new Notifier({
      chat: kit.chat,
      settings,
      conversations: () => kit.conversations.getSnapshot().list,
      current: () => kit.current.getSnapshot().conversationID,
      unread: kit.unread,
      open: (id) => kit.open(id),
      t: (key, options) => kit.t(key, options),
    });
    return { settings, notifier };
  },
  attach: (kit) => [kit.notifier.attach()],
});
