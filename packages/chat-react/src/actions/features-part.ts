import type { conversationsPart } from '../conversation-list/conversations-part.ts';
import type { messagesPart } from '../message-list/messages-part.ts';
import type { namesPart } from '../names/names-part.ts';
import { type AddsOf, type KitBase, kitPart } from '../provider/kit-part.ts';
import type { commandsPart } from './commands/commands-part.ts';
import { failOrLog } from './fail-or-log.ts';
import { MessageFeatures } from './message-features.ts';

type Needs = KitBase &
  AddsOf<typeof namesPart> &
  AddsOf<typeof conversationsPart> &
  AddsOf<typeof messagesPart> &
  AddsOf<typeof commandsPart>;

/** Multi-select, forwarding, quotes and replies, and merged records: they all follow the open conversation. */
export const featuresPart = kitPart({
  name: 'message features',
  build: (kit: Needs) => ({
    features: new MessageFeatures({
      chat: kit.chat,
      messages: kit.messages,
      conversations: kit.conversations,
      toasts: kit.toasts,
      fail: (err) => failOrLog(err, (e) => kit.reportError(e)),
      remove: (IDs) => kit.actions.removeAll(IDs),
      t: (key, options) => kit.t(key, options),
      names: kit.names,
    }),
  }),
  attach: (kit) => [kit.features.attach()],
});
