/** The messages feature: factories, send, history and the outbox, declared for the registry (decision 0029). */
import { EVENT } from '../constants/events.ts';
import type { ChatResponse } from '../core/errors.ts';
import { actionsFeature } from '../actions/action-facade.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import { draftsFeature } from '../draft/draft-facade.ts';
import { mediaFeature } from '../media/media-facade.ts';
import { senderOf } from '../profile/profile-facade.ts';
import type { CustomPayload, MessageOptions, TextAtPayload, TextPayload } from './factories.ts';
import { type Message, messageFromWire } from './message.ts';
import {
  type GetMessageListOptions,
  type HoppingOptions,
  type HoppingResult,
  MessageModule,
  type MessageListResult,
  type SendMessageOptions,
} from './message-module.ts';

type Response<T> = Promise<ChatResponse<T>>;

export interface MessagePart {
  readonly host: SdkHost;
  readonly messages: MessageModule;
}

function createPart(host: SdkHost): MessagePart {
  const { live } = host;
  const messages = new MessageModule({
    http: host.http,
    messages: live.messages,
    conversations: live.conversations,
    outbox: live.outbox,
    me: host.me,
    sender: senderOf(host),
    settleSend: (from, ID) => live.outbox.settle(from, ID),
    // Media files are uploaded, and a merger's records stored, before the message is queued.
    prepare: (message, onProgress) => host.part(mediaFeature).media.prepare(message, onProgress),
    beforeSend: (message) => host.part(actionsFeature).feature.beforeSend(message),
    afterSend: (message) => host.part(draftsFeature).drafts.clearAfterSend(message.conversationID),
  });
  return { host, messages };
}

/**
 * Messages (reference §3): the text and custom factories (synchronous, like TIM's; before SDK_READY they return a
 * rejection), sending, history pages, and the pushed messages and peer-read positions.
 */
export const messagesFeature = defineFeature({
  name: 'messages',
  create: createPart,
  methods: {
    createTextMessage(options: MessageOptions<TextPayload>): Message {
      return this.host.guardedSync('createTextMessage', () => this.messages.createTextMessage(options));
    },
    createTextAtMessage(options: MessageOptions<TextAtPayload>): Message {
      return this.host.guardedSync('createTextAtMessage', () => this.messages.createTextAtMessage(options));
    },
    createCustomMessage(options: MessageOptions<CustomPayload>): Message {
      return this.host.guardedSync('createCustomMessage', () => this.messages.createCustomMessage(options));
    },
    sendMessage(message: Message, options?: SendMessageOptions): Response<{ message: Message }> {
      return this.host.guarded('sendMessage', () => this.messages.sendMessage(message, options));
    },
    resendMessage(message: Message): Response<{ message: Message }> {
      return this.host.guarded('resendMessage', () => this.messages.resendMessage(message));
    },
    getMessageList(options: GetMessageListOptions): Response<MessageListResult> {
      return this.host.guarded('getMessageList', () => this.messages.getMessageList(options));
    },
    getMessageListHopping(options: HoppingOptions): Response<HoppingResult> {
      return this.host.guarded('getMessageListHopping', () => this.messages.getMessageListHopping(options));
    },
    findMessage(messageID: string): Message | null {
      return this.host.guardedSync('findMessage', () => this.messages.findMessage(messageID));
    },
  },
  push: {
    'message.new': (part, event) => part.host.live.sync.ingest([event.message]),
    'message.online': (part, event) => {
      // Never stored, so no sequence, no conversation change, no dedupe by sequence: delivered as is (TIM does).
      const message = messageFromWire(event.message, { userID: part.host.me() });
      message._onlineOnlyFlag = true;
      part.host.emitter.emit(EVENT.MESSAGE_RECEIVED, [message]);
    },
    'message.peer-read': (part, event) => part.host.live.sync.peerRead(event.conversationID, event.peerReadSequence),
  },
});
