import type { conversationsPart } from '../conversation-list/conversations-part.ts';
import type { messagesPart } from '../message-list/messages-part.ts';
import type { namesPart } from '../names/names-part.ts';
import type { networkPart } from '../network/network-part.ts';
import { type ChatEvent, type ChatMessage, EVENT, TYPES } from '../provider/chat-port.ts';
import { type AddsOf, type KitBase, kitPart } from '../provider/kit-part.ts';
import { GroupActions } from './group-actions.ts';
import { announceCreated } from './group-created.ts';
import { GroupListStore } from './group-list-store.ts';
import { groupPortOf } from './group-port.ts';
import { GroupStore } from './group-store.ts';
import { ReadMembersStore } from './read-members-store.ts';
import { ReadReceipts } from './read-receipts.ts';
import { SystemStore } from './system-store.ts';

type Needs = KitBase &
  AddsOf<typeof namesPart> &
  AddsOf<typeof networkPart> &
  AddsOf<typeof conversationsPart> &
  AddsOf<typeof messagesPart>;

/** Groups: the open group, the joined groups, system notices, read receipts and the management panel's writes. */
export const groupsPart = kitPart({
  name: 'groups',
  build(kit: Needs) {
    const report = (err: unknown) => kit.reportError(err);
    const port = groupPortOf(kit.chat);
    const group = new GroupStore(port, () => kit.chat.getLoginUser(), report);
    return {
      /** The SDK's group methods, or null when the SDK has none (then group actions say so). */
      groupPort: port,
      /** The open group: profile, own role and mute, members. */
      group,
      groupIDs: new GroupListStore(port),
      system: new SystemStore(kit.chat, port, report),
      receipts: new ReadReceipts(port, kit.messages, () => group.getSnapshot().status !== 'left'),
      readMembers: new ReadMembersStore(port),
      groupActions: new GroupActions({
        port,
        store: group,
        report,
        openConversation: (id) => kit.open(id),
        leave: (groupID) => {
          if (kit.current.getSnapshot().conversationID === `${TYPES.CONV_GROUP}${groupID}`) kit.close();
        },
        noModule: () => Object.assign(new Error(kit.t('group.errors.noModule')), { code: 0 }),
        created: (g) => announceCreated(kit.chat, g, kit.chat.getLoginUser()),
        did: kit.deeds.report,
      }),
    };
  },
  attach(kit) {
    const { chat, group } = kit;
    const received = (event: ChatEvent) => {
      const list = event.data as ChatMessage[];
      if (!Array.isArray(list)) return;
      group.received(list);
      kit.system.received(list);
    };
    chat.on(EVENT.MESSAGE_RECEIVED, received);
    return [
      group.attach(chat),
      kit.groupIDs.attach(chat),
      kit.receipts.attach(chat),
      // An AVChatRoom keeps no read receipts: its messages do not ask for them (KGRP8).
      group.subscribe(() => {
        kit.messages.receiptsWanted = group.getSnapshot().group?.type !== TYPES.GRP_AVCHATROOM;
      }),
      kit.current.subscribe(() => group.open(kit.current.getSnapshot().conversationID)),
      // The loaded members' name cards and nicks feed the name resolver (KGRP15).
      group.subscribe(() => {
        const { groupID, members } = group.getSnapshot();
        if (groupID) kit.names.learn(members, groupID);
      }),
      kit.net.onReconnected(() => group.refresh()),
      () => chat.off(EVENT.MESSAGE_RECEIVED, received),
    ];
  },
});
