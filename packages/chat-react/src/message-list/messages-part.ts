import type { conversationsPart } from '../conversation-list/conversations-part.ts';
import type { networkPart } from '../network/network-part.ts';
import { type ChatEvent, type ChatMessage, EVENT, TYPES } from '../provider/chat-port.ts';
import { type AddsOf, type KitBase, kitPart } from '../provider/kit-part.ts';
import { isShown } from './message-item.ts';
import { MessageStore } from './message-store.ts';
import { messageSummary } from './summary.ts';

type Needs = KitBase & AddsOf<typeof networkPart> & AddsOf<typeof conversationsPart>;

/** Announces incoming messages in the live region: a tip or notice as its own sentence, else with its sender. */
function announce(kit: KitBase, messages: readonly ChatMessage[]): void {
  const self = kit.chat.getLoginUser();
  for (const message of messages) {
    if (message.flow !== 'in' || !isShown(message)) continue;
    const text = messageSummary(message, self, kit.t);
    if (message.type === TYPES.MSG_GRP_TIP || message.type === TYPES.MSG_GRP_SYS_NOTICE) {
      kit.announcer.announce(text);
      continue;
    }
    const name = message.nameCard || message.nick || message.from;
    kit.announcer.announce(kit.t('message.announce', { name, text }));
  }
}

/** The open conversation's messages: what arrives, is read by the peer, recalled or modified, and the live region. */
export const messagesPart = kitPart({
  name: 'messages',
  build: (kit: Needs) => {
    const messages = new MessageStore(kit.chat, (err) => kit.reportError(err));
    messages.onSent = () => kit.deeds.report('send');
    return { messages };
  },
  attach(kit) {
    const { chat, messages } = kit;
    const received = (event: ChatEvent) => {
      const list = event.data as ChatMessage[];
      if (!Array.isArray(list)) return;
      messages.receive(list);
      announce(kit, list);
    };
    const readByPeer = (event: ChatEvent) => messages.peerRead(event.data as ChatMessage[]);
    // A recalled message becomes its recall line, a deleted one leaves the list.
    const changed = (event: ChatEvent) => messages.receive(event.data as ChatMessage[]);
    chat.on(EVENT.MESSAGE_RECEIVED, received);
    chat.on(EVENT.MESSAGE_READ_BY_PEER, readByPeer);
    chat.on(EVENT.MESSAGE_REVOKED, changed);
    chat.on(EVENT.MESSAGE_MODIFIED, changed);
    return [
      kit.current.subscribe(() => {
        const { conversationID } = kit.current.getSnapshot();
        if (conversationID !== messages.getSnapshot().conversationID) messages.open(conversationID);
      }),
      kit.net.onReconnected(() => messages.catchUp()),
      () => {
        chat.off(EVENT.MESSAGE_RECEIVED, received);
        chat.off(EVENT.MESSAGE_READ_BY_PEER, readByPeer);
        chat.off(EVENT.MESSAGE_REVOKED, changed);
        chat.off(EVENT.MESSAGE_MODIFIED, changed);
      },
    ];
  },
});
