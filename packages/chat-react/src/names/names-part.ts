import { type ChatEvent, type ChatMessage, EVENT, peerOf, TYPES } from '../provider/chat-port.ts';
import { type KitBase, kitPart } from '../provider/kit-part.ts';
import { type NamePort, NameStore } from './name-store.ts';

/** What a tip's payload says about the people it names (their nicks at the time). */
function tipPeople(message: ChatMessage): { userID?: string; nick?: string }[] {
  if (message.type !== TYPES.MSG_GRP_TIP) return [];
  const p = (message.payload ?? {}) as { memberList?: { userID?: string; nick?: string }[]; operatorInfo?: object };
  return [...(p.memberList ?? []), (p.operatorInfo ?? {}) as { userID?: string; nick?: string }];
}

/** Learns the senders' names (and the people tips name) from messages as they pass. */
export function learnMessages(names: NameStore, messages: readonly ChatMessage[]): void {
  for (const m of messages) {
    const groupID = m.conversationID?.startsWith(TYPES.CONV_GROUP) ? peerOf(m.conversationID) : '';
    const sender = m.type === TYPES.MSG_GRP_TIP || m.type === TYPES.MSG_GRP_SYS_NOTICE ? [] : [m];
    names.learn(
      sender.map((s) => ({ userID: s.from, nick: s.nick, ...(s.nameCard ? { nameCard: s.nameCard } : {}) })),
      groupID,
    );
    names.learn(tipPeople(m));
  }
}

/** The kit's one name resolver with its profile cache (KGRP15). */
export const namesPart = kitPart({
  name: 'names',
  build: (kit: KitBase) => ({
    names: new NameStore(kit.chat as unknown as NamePort, () => kit.t('personalData.deletedUser')),
  }),
  attach(kit) {
    const { chat, names } = kit;
    const received = (event: ChatEvent) => {
      if (Array.isArray(event.data)) learnMessages(names, event.data as ChatMessage[]);
    };
    const profiles = (event: ChatEvent) => {
      if (Array.isArray(event.data)) names.learn(event.data as { userID?: string; nick?: string }[]);
    };
    chat.on(EVENT.MESSAGE_RECEIVED, received);
    chat.on(EVENT.PROFILE_UPDATED, profiles);
    return [
      () => {
        chat.off(EVENT.MESSAGE_RECEIVED, received);
        chat.off(EVENT.PROFILE_UPDATED, profiles);
      },
    ];
  },
});
