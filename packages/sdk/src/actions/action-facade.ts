import type { MessageReactions } from '@parley/protocol';
import type { ChatResponse } from '../core/errors.ts';
import type { ReadReceiptModule } from '../group/read-receipt-module.ts';
import type { MessageOptions, Sender } from '../message/factories.ts';
import type { Message } from '../message/message.ts';
import type { ReactionUserPage } from './action-client.ts';
import type { ActionFeature } from './action-feature.ts';
import type { MergerPayload } from './forward.ts';

/** What the facade needs from the ChatSDK instance it is installed on. */
export interface ActionHost {
  guarded<T>(api: string, fn: () => Promise<T>): Promise<T>;
  guardedSync<T>(api: string, fn: () => T): T;
  sender(): Sender;
  groupReceipts(): ReadReceiptModule;
  feature: ActionFeature;
}

const hosts = new WeakMap<object, ActionHost>();

export function attachActionHost(sdk: object, host: ActionHost): void {
  hosts.set(sdk, host);
}

function hostOf(sdk: object): ActionHost {
  const host = hosts.get(sdk);
  if (!host) throw new TypeError('not a ChatSDK instance');
  return host;
}

const guarded = <T>(sdk: object, api: string, fn: (h: ActionHost) => Promise<T>) => {
  const host = hostOf(sdk);
  return host.guarded(api, () => fn(host));
};

type Response<T> = Promise<ChatResponse<T>>;
type Empty = Record<string, never>;

/**
 * The message-action methods of ChatSDK (reference §3.1, §3.3), installed on its prototype like the group facade
 * (GUIDE §5.9). Read receipts are answered here for one-to-one messages and by the group feature for group ones.
 */
export const actionMethods = {
  modifyMessage(this: object, message: Message): Response<{ message: Message }> {
    return guarded(this, 'modifyMessage', (h) => h.feature.actions.modifyMessage(message));
  },
  revokeMessage(this: object, message: Message): Response<{ message: Message }> {
    return guarded(this, 'revokeMessage', (h) => h.feature.actions.revokeMessage(message));
  },
  deleteMessage(this: object, messageList: Message[]): Response<{ messageList: Message[] }> {
    return guarded(this, 'deleteMessage', (h) => h.feature.actions.deleteMessage(messageList));
  },
  createForwardMessage(this: object, options: MessageOptions<Message>): Message {
    const h = hostOf(this);
    return h.guardedSync('createForwardMessage', () => h.feature.forward.createForwardMessage(h.sender(), options));
  },
  createMergerMessage(this: object, options: MessageOptions<MergerPayload>): Message {
    const h = hostOf(this);
    return h.guardedSync('createMergerMessage', () => h.feature.forward.createMergerMessage(h.sender(), options));
  },
  downloadMergerMessage(this: object, message: Message): Response<Message> {
    return guarded(this, 'downloadMergerMessage', (h) => h.feature.forward.downloadMergerMessage(message));
  },
  sendMessageReadReceipt(this: object, messageList: Message[]): Response<Empty> {
    return guarded(this, 'sendMessageReadReceipt', (h) => {
      const c2c = Array.isArray(messageList) ? h.feature.actions.sendC2CReceipts(messageList) : undefined;
      return c2c ?? h.groupReceipts().sendMessageReadReceipt(messageList);
    });
  },
  getMessageReadReceiptList(this: object, messageList: Message[]): Response<{ messageList: Message[] }> {
    return guarded(this, 'getMessageReadReceiptList', (h) => {
      const c2c = Array.isArray(messageList) ? h.feature.actions.c2cReceiptList(messageList) : undefined;
      return c2c ?? h.groupReceipts().getMessageReadReceiptList(messageList);
    });
  },
  addMessageReaction(this: object, message: Message, reactionID: string): Response<Empty> {
    return guarded(this, 'addMessageReaction', (h) => h.feature.reactions.addMessageReaction(message, reactionID));
  },
  removeMessageReaction(this: object, message: Message, reactionID: string): Response<Empty> {
    return guarded(this, 'removeMessageReaction', (h) =>
      h.feature.reactions.removeMessageReaction(message, reactionID),
    );
  },
  getMessageReactions(
    this: object,
    options: { messageList: Message[]; maxUserCountPerReaction?: number },
  ): Response<{ resultList: MessageReactions[] }> {
    return guarded(this, 'getMessageReactions', (h) => h.feature.reactions.getMessageReactions(options));
  },
  getAllUserListOfMessageReaction(
    this: object,
    options: { message: Message; reactionID: string; nextSeq?: number; count?: number },
  ): Response<ReactionUserPage> {
    return guarded(this, 'getAllUserListOfMessageReaction', (h) =>
      h.feature.reactions.getAllUserListOfMessageReaction(options),
    );
  },
};

export type ActionMethods = { [K in keyof typeof actionMethods]: OmitThisParameter<(typeof actionMethods)[K]> };
