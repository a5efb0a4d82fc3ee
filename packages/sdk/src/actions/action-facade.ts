import type { MessageReactions } from '@parley/protocol';
import type { ChatResponse } from '../core/errors.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import { groupsFeature } from '../group/group-facade.ts';
import type { ReadReceiptModule } from '../group/read-receipt-module.ts';
import type { MessageOptions, Sender } from '../message/factories.ts';
import type { Message } from '../message/message.ts';
import { senderOf } from '../profile/profile-facade.ts';
import type { ReactionUserPage } from './action-client.ts';
import { ActionFeature } from './action-feature.ts';
import type { MergerPayload } from './forward.ts';

type Response<T> = Promise<ChatResponse<T>>;
type Empty = Record<string, never>;

/** The actions feature's part of one ChatSDK. */
export interface ActionPart {
  readonly host: SdkHost;
  readonly feature: ActionFeature;
  sender(): Sender;
  /** The groups feature's receipts: group messages' receipts stay theirs. */
  groupReceipts(): ReadReceiptModule;
}

function createPart(host: SdkHost): ActionPart {
  const { live } = host;
  const feature = new ActionFeature({
    ...host,
    messages: live.messages,
    cancelSend: (from, ID) => live.outbox.cancel(from, ID),
  });
  return { host, feature, sender: senderOf(host), groupReceipts: () => host.part(groupsFeature).receipts };
}

/**
 * Message actions (reference §3.1, §3.3): modify, revoke, delete, forward, mergers, read receipts and reactions,
 * their push events, and the catch-up of changes after every reconnect (rules SACT13–SACT15). Read receipts are
 * answered here for one-to-one messages and by the groups feature's receipts for group ones: this is the one
 * sendMessageReadReceipt and getMessageReadReceiptList of ChatSDK.
 */
export const actionsFeature = defineFeature({
  name: 'actions',
  create: createPart,
  methods: {
    modifyMessage(message: Message): Response<{ message: Message }> {
      return this.host.guarded('modifyMessage', () => this.feature.actions.modifyMessage(message));
    },
    revokeMessage(message: Message): Response<{ message: Message }> {
      return this.host.guarded('revokeMessage', () => this.feature.actions.revokeMessage(message));
    },
    deleteMessage(messageList: Message[]): Response<{ messageList: Message[] }> {
      return this.host.guarded('deleteMessage', () => this.feature.actions.deleteMessage(messageList));
    },
    createForwardMessage(options: MessageOptions<Message>): Message {
      return this.host.guardedSync('createForwardMessage', () =>
        this.feature.forward.createForwardMessage(this.sender(), options),
      );
    },
    createMergerMessage(options: MessageOptions<MergerPayload>): Message {
      return this.host.guardedSync('createMergerMessage', () =>
        this.feature.forward.createMergerMessage(this.sender(), options),
      );
    },
    downloadMergerMessage(message: Message): Response<Message> {
      return this.host.guarded('downloadMergerMessage', () => this.feature.forward.downloadMergerMessage(message));
    },
    sendMessageReadReceipt(messageList: Message[]): Response<Empty> {
      return this.host.guarded('sendMessageReadReceipt', () => {
        const c2c = Array.isArray(messageList) ? this.feature.actions.sendC2CReceipts(messageList) : undefined;
        return c2c ?? this.groupReceipts().sendMessageReadReceipt(messageList);
      });
    },
    getMessageReadReceiptList(messageList: Message[]): Response<{ messageList: Message[] }> {
      return this.host.guarded('getMessageReadReceiptList', () => {
        const c2c = Array.isArray(messageList) ? this.feature.actions.c2cReceiptList(messageList) : undefined;
        return c2c ?? this.groupReceipts().getMessageReadReceiptList(messageList);
      });
    },
    addMessageReaction(message: Message, reactionID: string): Response<Empty> {
      return this.host.guarded('addMessageReaction', () =>
        this.feature.reactions.addMessageReaction(message, reactionID),
      );
    },
    removeMessageReaction(message: Message, reactionID: string): Response<Empty> {
      return this.host.guarded('removeMessageReaction', () =>
        this.feature.reactions.removeMessageReaction(message, reactionID),
      );
    },
    getMessageReactions(options: {
      messageList: Message[];
      maxUserCountPerReaction?: number;
    }): Response<{ resultList: MessageReactions[] }> {
      return this.host.guarded('getMessageReactions', () => this.feature.reactions.getMessageReactions(options));
    },
    getAllUserListOfMessageReaction(options: {
      message: Message;
      reactionID: string;
      nextSeq?: number;
      count?: number;
    }): Response<ReactionUserPage> {
      return this.host.guarded('getAllUserListOfMessageReaction', () =>
        this.feature.reactions.getAllUserListOfMessageReaction(options),
      );
    },
  },
  push: {
    'message.changed': (part, event) => part.feature.sync.changed(event),
    'message.deleted': (part, event) => part.feature.sync.deleted(event),
    'message.reactions': (part, event) => part.feature.sync.reacted(event),
    'message.receipt': (part, event) => part.feature.sync.receipt(event),
  },
  refresh: (part) => part.feature.sync.refresh(),
  reset: (part) => part.feature.reset(),
});
