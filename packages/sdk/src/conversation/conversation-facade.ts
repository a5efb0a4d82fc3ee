/** The conversations feature: list, profile, pin, read and delete, declared for the registry (decision 0029). */
import type { ChatResponse } from '../core/errors.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import type { Group } from '../group/group.ts';
import { groupsFeature } from '../group/group-facade.ts';
import type { Conversation } from './conversation.ts';
import {
  type ConversationFilter,
  ConversationModule,
  type RemindTypeResult,
  type SetMessageRemindTypeOptions,
} from './conversation-module.ts';

type Response<T> = Promise<ChatResponse<T>>;

export interface ConversationPart {
  readonly host: SdkHost;
  readonly conversations: ConversationModule;
}

function createPart(host: SdkHost): ConversationPart {
  const { live } = host;
  const conversations = new ConversationModule({
    http: host.http,
    me: host.me,
    queue: live.queue,
    conversations: live.conversations,
    messages: live.messages,
    sync: live.sync,
    groupRemind: (groupID, type) => host.part(groupsFeature).groups.setRemindType(groupID, type),
  });
  return { host, conversations };
}

/** Conversations (reference §4): the synced list, its writes, and the push that says my list changed. */
export const conversationsFeature = defineFeature({
  name: 'conversations',
  create: createPart,
  methods: {
    getConversationList(
      options?: string[] | ConversationFilter,
    ): Response<{ conversationList: Conversation[]; isSyncCompleted: boolean }> {
      return this.host.guarded('getConversationList', () => this.conversations.getConversationList(options));
    },
    getConversationProfile(conversationID: string): Response<{ conversation: Conversation }> {
      return this.host.guarded('getConversationProfile', () =>
        this.conversations.getConversationProfile(conversationID),
      );
    },
    deleteConversation(
      options: string | { conversationIDList: string[]; clearHistoryMessage?: boolean },
    ): Response<{ conversationID: string } | { conversationIDList: string[] }> {
      return this.host.guarded('deleteConversation', () => this.conversations.deleteConversation(options));
    },
    clearHistoryMessage(conversationID: string): Response<{ conversationID: string }> {
      return this.host.guarded('clearHistoryMessage', () => this.conversations.clearHistoryMessage(conversationID));
    },
    pinConversation(options: { conversationID: string; isPinned: boolean }): Response<{ conversationID: string }> {
      return this.host.guarded('pinConversation', () => this.conversations.pinConversation(options));
    },
    setMessageRemindType(options: SetMessageRemindTypeOptions): Response<RemindTypeResult | { group: Group }> {
      return this.host.guarded('setMessageRemindType', () => this.conversations.setMessageRemindType(options));
    },
    setMessageRead(options: { conversationID: string }): Response<Record<string, never>> {
      return this.host.guarded('setMessageRead', () => this.conversations.setMessageRead(options));
    },
    getTotalUnreadMessageCount(): number {
      return this.host.guardedSync('getTotalUnreadMessageCount', () => this.conversations.getTotalUnreadMessageCount());
    },
  },
  push: {
    'conversation.changed': (part, event) => {
      if (event.syncVersion > part.host.live.sync.cursor) part.host.live.sync.requestResync();
    },
  },
});
