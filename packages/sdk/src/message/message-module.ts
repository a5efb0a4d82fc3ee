import {
  CONVERSATION_TYPE,
  conversationPath,
  MESSAGE_ROUTES,
  type MessageList,
  type WireMessage,
} from '@parley/protocol';
import type { ConversationStore } from '../conversation/conversation-store.ts';
import { ChatError, type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import type { HttpClient } from '../core/http.ts';
import {
  type CustomPayload,
  createCustomMessage,
  createTextAtMessage,
  createTextMessage,
  type MessageOptions,
  type Sender,
  type TextAtPayload,
  type TextPayload,
} from './factories.ts';
import { Message } from './message.ts';
import type { MessageStore } from './message-store.ts';
import { type Outbox, sendFailure, toSendBody } from './outbox.ts';

export interface SendMessageOptions {
  /** Pushed to the peer's open connections only: never stored, never unread (typing notices). */
  onlineUserOnly?: boolean;
  /** TIM push and moderation options: accepted so TIM code runs; a self-hosted server has no vendor push. */
  offlinePushInfo?: unknown;
  messageControlInfo?: unknown;
  webhookInfo?: unknown;
  /** Upload progress of a media message, 0..1 (decision 0016). */
  onProgress?: (percent: number) => void;
}

export interface GetMessageListOptions {
  conversationID: string;
  nextReqMessageID?: string;
  count?: number;
}

export interface MessageListResult {
  messageList: Message[];
  nextReqMessageID: string;
  isCompleted: boolean;
}

/** getMessageListHopping (reference §3): a group pages by `sequence`, a one-to-one conversation by `time`. */
export interface HoppingOptions {
  conversationID: string;
  sequence?: number;
  /** Seconds. */
  time?: number;
  /** 0 older (default), 1 newer. */
  direction?: 0 | 1;
  count?: number;
}

/** `nextMessageSeq` (paged by sequence) or `nextMessageTime` (paged by time): the anchor of the next page. */
export interface HoppingResult {
  messageList: Message[];
  isCompleted: boolean;
  nextMessageSeq?: number;
  nextMessageTime?: number;
}

const isCount = (n: unknown) => n === undefined || (Number.isInteger(n) && (n as number) > 0);
const isAnchor = (n: unknown) => n === undefined || (Number.isInteger(n) && (n as number) >= 0);

interface Deps {
  http: HttpClient;
  messages: MessageStore;
  conversations: ConversationStore;
  outbox: Outbox;
  me: () => string;
  sender: () => Sender;
  /** Applies stored copies of messages (history pages) the way sync does: settles sends, updates the cache. */
  settleSend: (from: string, ID: string) => void;
  /** Rich messages (decision 0016): uploads a media message's files before it is queued (media/media-module.ts). */
  prepare?: (message: Message, onProgress?: (percent: number) => void) => Promise<void> | undefined;
  /** Work before a message's first send (message actions: a merger's records are stored first). */
  beforeSend?: (message: Message) => Promise<void> | undefined;
  /** A message stored by the server (the drafts feature clears the conversation's draft, DRF7). */
  afterSend?: (message: Message) => void;
}

/** TIM's page size is also its maximum (reference §3.3). */
const PAGE = 15;

/** Message APIs (reference §3). */
export class MessageModule {
  readonly #deps: Deps;

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  createTextMessage(options: MessageOptions<TextPayload>): Message {
    return createTextMessage(this.#deps.sender(), options);
  }

  createTextAtMessage(options: MessageOptions<TextAtPayload>): Message {
    return createTextAtMessage(this.#deps.sender(), options);
  }

  createCustomMessage(options: MessageOptions<CustomPayload>): Message {
    return createCustomMessage(this.#deps.sender(), options);
  }

  async sendMessage(message: Message, options: SendMessageOptions = {}): Promise<ChatResponse<{ message: Message }>> {
    if (!(message instanceof Message) || message.from !== this.#deps.me())
      throw ChatError.from('MSG_INSTANCE_REQUIRED');
    if (message.status === 'success') return ok({ message });
    if (message.conversationType !== CONVERSATION_TYPE.C2C && message.conversationType !== CONVERSATION_TYPE.GROUP) {
      message.status = 'fail';
      throw sendFailure(ChatError.from('MSG_INVALID_CONV_TYPE'), message);
    }
    if (options?.onlineUserOnly === true) return ok({ message: await this.#sendOnline(message) });
    // Only a merger whose records are still to store waits here: any other send stays synchronous up to the outbox,
    // so a logout right after sendMessage still finds it queued and rejects it (3005).
    const before = this.#deps.beforeSend?.(message);
    if (before) {
      await before.catch((err: unknown) => {
        message.status = 'fail';
        throw sendFailure(err, message);
      });
    }
    this.#deps.messages.put(message);
    // Only a media message with files still to upload waits here; every other send is queued at once.
    const uploading = this.#deps.prepare?.(message, options?.onProgress);
    if (uploading) {
      message.status = 'unSend';
      await uploading.catch((err: unknown) => {
        message.status = 'fail';
        throw sendFailure(err, message);
      });
    }
    const sent = await this.#deps.outbox.send(message);
    this.#deps.afterSend?.(sent);
    return ok({ message: sent });
  }

  /** Same message, same ID: the server stores it at most once whatever happened to earlier attempts. */
  resendMessage(message: Message): Promise<ChatResponse<{ message: Message }>> {
    if (!(message instanceof Message)) return Promise.reject(ChatError.from('MSG_INSTANCE_REQUIRED'));
    if (message.status === 'fail') message.isResend = true;
    return this.sendMessage(message, message._onlineOnlyFlag ? { onlineUserOnly: true } : {});
  }

  /** Parameter checks throw synchronously (TIM's "Params validate failed."); everything else rejects. */
  getMessageList(options: GetMessageListOptions): Promise<ChatResponse<MessageListResult>> {
    const api = 'getMessageList';
    assertParams(typeof options?.conversationID === 'string' && options.conversationID !== '', api, 'conversationID');
    const { nextReqMessageID, count } = options;
    assertParams(nextReqMessageID === undefined || typeof nextReqMessageID === 'string', api, 'nextReqMessageID');
    assertParams(
      count === undefined || (Number.isInteger(count) && count > 0),
      api,
      'count must be a positive integer',
    );
    return this.#page(options);
  }

  /**
   * CMP33: a page of history from an anchor, the anchor included, oldest first; older pages end at it, newer ones
   * start at it. A `sequence` anchors anywhere (groups; Parley's one-to-one messages have sequences too), a `time`
   * at that second; neither: the newest page (older) or the oldest (newer). The next page's anchor is the edge
   * message's sequence one step on, or its time (that second again: a kit drops the repeats by ID).
   */
  getMessageListHopping(options: HoppingOptions): Promise<ChatResponse<HoppingResult>> {
    const api = 'getMessageListHopping';
    assertParams(typeof options?.conversationID === 'string' && options.conversationID !== '', api, 'conversationID');
    assertParams(isAnchor(options.sequence), api, 'sequence must be a non-negative integer');
    assertParams(isAnchor(options.time), api, 'time must be a non-negative integer');
    assertParams(
      options.direction === undefined || options.direction === 0 || options.direction === 1,
      api,
      'direction',
    );
    assertParams(isCount(options.count), api, 'count must be a positive integer');
    return this.#hop(options);
  }

  async #hop({ conversationID, sequence, time, direction, count }: HoppingOptions) {
    if (!isConversationID(conversationID)) throw ChatError.from('INVALID_CONV_ID');
    const newer = direction === 1;
    const query = new URLSearchParams({ count: String(Math.min(count ?? PAGE, PAGE)) });
    const bySequence = sequence !== undefined && sequence > 0;
    if (bySequence) query.set(newer ? 'afterSeq' : 'beforeSeq', String(newer ? sequence - 1 : sequence + 1));
    else if (time !== undefined && time > 0) query.set(newer ? 'afterTime' : 'beforeTime', String(time));
    else if (newer) query.set('afterSeq', '0');
    const path = conversationPath(MESSAGE_ROUTES.messages, conversationID);
    const page = await this.#deps.http.get<MessageList>(`${path}?${query}`);
    const messageList = page.messageList.map((wire) => this.#adopt(wire));
    const edge = newer ? messageList.at(-1) : messageList[0];
    const isCompleted = page.isCompleted || edge === undefined;
    if (bySequence || conversationID.startsWith(CONVERSATION_TYPE.GROUP)) {
      const next = edge === undefined ? 0 : newer ? edge.sequence + 1 : Math.max(edge.sequence - 1, 0);
      return ok({ messageList, isCompleted, nextMessageSeq: next });
    }
    return ok({ messageList, isCompleted, nextMessageTime: edge?.time ?? 0 });
  }

  findMessage(messageID: string): Message | null {
    assertParams(typeof messageID === 'string', 'findMessage', 'messageID must be a string');
    return this.#deps.messages.findByID(messageID);
  }

  async #page({ conversationID, nextReqMessageID, count }: GetMessageListOptions) {
    if (!isConversationID(conversationID)) throw ChatError.from('INVALID_CONV_ID');
    const query = new URLSearchParams({ count: String(Math.min(count ?? PAGE, PAGE)) });
    if (nextReqMessageID) query.set('nextReqMessageID', nextReqMessageID);
    const path = conversationPath(MESSAGE_ROUTES.messages, conversationID);
    const page = await this.#deps.http.get<MessageList>(`${path}?${query}`);
    const messageList = page.messageList.map((wire) => this.#adopt(wire));
    // TIM lists the messages still sending or failed after the newest stored ones, so a reload shows them.
    if (!nextReqMessageID) messageList.push(...this.#deps.messages.unsent(conversationID));
    return ok({ messageList, nextReqMessageID: page.nextReqMessageID, isCompleted: page.isCompleted });
  }

  /** A history message: the SDK's own object for it, up to date, with read flags from the conversation. */
  #adopt(wire: WireMessage): Message {
    const me = this.#deps.me();
    const { message } = this.#deps.messages.upsert(wire, { userID: me });
    if (wire.from === me) this.#deps.settleSend(wire.from, wire.ID);
    const state = this.#deps.conversations.state(message.conversationID);
    if (state) {
      message.isPeerRead = message.flow === 'out' && message.sequence <= state.peerReadSequence;
      message.isRead = message.flow === 'in' && message.sequence <= state.readSequence;
    }
    return message;
  }

  /** Online-only messages are not queued or retried: a typing notice that arrives late is worse than none. */
  async #sendOnline(message: Message): Promise<Message> {
    message.status = 'unSend';
    try {
      const { message: wire } = await this.#deps.http.post<{ message: WireMessage }>(MESSAGE_ROUTES.send, {
        ...toSendBody(message),
        onlineUserOnly: true,
      });
      message.applyWire(wire, { userID: this.#deps.me() });
      message._onlineOnlyFlag = true;
      return message;
    } catch (err) {
      message.status = 'fail';
      throw sendFailure(err, message);
    }
  }
}

/** One-to-one, group, or the system conversation of group notices (reference §4). */
export function isConversationID(conversationID: string): boolean {
  return (
    conversationID === CONVERSATION_TYPE.SYSTEM ||
    conversationID.startsWith(CONVERSATION_TYPE.C2C) ||
    conversationID.startsWith(CONVERSATION_TYPE.GROUP)
  );
}
