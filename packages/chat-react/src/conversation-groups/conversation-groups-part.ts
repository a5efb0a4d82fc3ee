import type { conversationsPart } from '../conversation-list/conversations-part.ts';
import { type ChatConversation, TYPES } from '../provider/chat-port.ts';
import { comesBack, isHidden } from './arrange.ts';
import { type AddsOf, type KitBase, kitPart } from '../provider/kit-part.ts';
import { GroupNamesStore, NameRequestStore } from './group-names-store.ts';

type Needs = KitBase & AddsOf<typeof conversationsPart>;

/**
 * Conversation groups in the kit (decision 0049, CGRP16–CGRP20): the tabs over the list and the commands the list's
 * menus call. Every change goes to the server through the SDK; the list and the tabs follow its events, on this
 * device and the user's others alike. A refusal (51010 too many groups, 51011 name too long) is the shared toast.
 */
export const conversationGroupsPart = kitPart({
  name: 'conversationGroups',
  build(kit: Needs) {
    const groupNames = new GroupNamesStore(kit.chat);
    const act = (request: Promise<unknown> | undefined) => {
      request?.catch((err: unknown) => kit.reportError(err));
      return request ?? Promise.resolve();
    };
    return {
      groupNames,
      nameRequest: new NameRequestStore(),
      /** A new group, with the conversation whose menu made it (if any); its tab shows once it exists. */
      async createGroup(groupName: string, conversationID?: string): Promise<boolean> {
        const request = kit.chat.createConversationGroup?.({
          groupName,
          conversationIDList: conversationID ? [conversationID] : [],
        });
        try {
          await request;
          return true;
        } catch (err) {
          kit.reportError(err);
          return false;
        }
      },
      async renameGroup(oldName: string, newName: string): Promise<boolean> {
        try {
          await kit.chat.renameConversationGroup?.({ oldName, newName });
          groupNames.renamed(oldName, newName);
          return true;
        } catch (err) {
          kit.reportError(err);
          return false;
        }
      },
      deleteGroup(groupName: string): void {
        void act(kit.chat.deleteConversationGroup?.(groupName));
      },
      /** CGRP17: the row menu's check item puts the conversation in the group or takes it out. */
      toggleInGroup(conversation: ChatConversation, groupName: string): void {
        const options = { groupName, conversationIDList: [conversation.conversationID] };
        const inGroup = conversation.conversationGroupList?.includes(groupName) ?? false;
        void act(
          inGroup ? kit.chat.deleteConversationsFromGroup?.(options) : kit.chat.addConversationsToGroup?.(options),
        );
      },
    };
  },
  attach: (kit) => {
    // MARK15: a hidden conversation that a message brings back loses the mark on the server, so it stays listed
    // after it is read, on every device. Asked once per return.
    const asked = new Set<string>();
    const check = () => {
      for (const c of kit.conversations.getSnapshot().list) {
        if (!isHidden(c)) asked.delete(c.conversationID);
        if (!comesBack(c) || asked.has(c.conversationID) || !kit.chat.markConversation) continue;
        asked.add(c.conversationID);
        kit.chat
          .markConversation({
            conversationIDList: [c.conversationID],
            markType: TYPES.CONV_MARK_TYPE_HIDE,
            enableMark: false,
          })
          .catch((err: unknown) => console.warn('[parley-chat] unhide failed', err));
      }
    };
    return [kit.groupNames.attach(), kit.conversations.subscribe(check)];
  },
});
