import { LIMITS } from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import { TYPES } from '../constants/types.ts';
import type { Emitter } from '../core/emitter.ts';
import { type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { Message } from '../message/message.ts';
import type { MessageStore } from '../message/message-store.ts';
import type { GroupClient } from './group-client.ts';
import { groupError } from './group-errors.ts';
import { isRecord } from './group-params.ts';

export interface ReadMemberListOptions {
  message: Message;
  /** '' for the first page, then the answer's cursor. */
  cursor?: string;
  /** 0: members who read it; 1: members who have not. */
  filter: number;
  count?: number;
}

export interface ReadMemberListResult {
  messageID: string;
  readUserIDList?: string[];
  unreadUserIDList?: string[];
  cursor: string;
  isCompleted: boolean;
}

/** One group receipt as MESSAGE_READ_RECEIPT_RECEIVED carries it (reference §10). */
export interface GroupReceipt {
  groupID: string;
  messageID: string;
  readCount: number;
  unreadCount: number;
}

interface Deps {
  client: GroupClient;
  messages: MessageStore;
  emitter: Emitter;
  me: () => string;
}

type Response<T> = Promise<ChatResponse<T>>;

function checkList(api: string, messageList: unknown): asserts messageList is Message[] {
  assertParams(
    Array.isArray(messageList) && messageList.length > 0 && messageList.every((m) => m instanceof Message),
    api,
    'messageList must be a non-empty array of Message',
  );
  const first = messageList[0] as Message;
  assertParams(
    messageList.every((m: Message) => m.conversationID === first.conversationID),
    api,
    'the messages must belong to one conversation',
  );
}

const groupIDOf = (message: Message) => message.to;

/**
 * Group read receipts (reference §3.3). Counts come from the members' read positions on the server (GUIDE §3.5);
 * the SDK only asks, fills `readReceiptInfo` and relays the sender's pushes.
 */
export class ReadReceiptModule {
  readonly #deps: Deps;

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  sendMessageReadReceipt(messageList: Message[]): Response<Record<string, never>> {
    checkList('sendMessageReadReceipt', messageList);
    return this.#send(messageList);
  }

  async #send(messageList: Message[]): Response<Record<string, never>> {
    const wanted = messageList.filter((m) => m.needReadReceipt && m.flow === 'in' && m.status === 'success');
    const first = wanted[0];
    if (!first || first.conversationType !== TYPES.CONV_GROUP) throw groupError('READ_RECEIPT_MSG_LIST_EMPTY');
    await this.#deps.client.sendReceipts(
      groupIDOf(first),
      wanted.map((m) => m.ID),
    );
    return ok({});
  }

  getMessageReadReceiptList(messageList: Message[]): Response<{ messageList: Message[] }> {
    checkList('getMessageReadReceiptList', messageList);
    return this.#fill(messageList);
  }

  async #fill(messageList: Message[]): Response<{ messageList: Message[] }> {
    const mine = messageList.filter((m) => m.flow === 'out' && m.needReadReceipt && m.status === 'success');
    const first = mine[0];
    if (!first || first.conversationType !== TYPES.CONV_GROUP) return ok({ messageList });
    const res = await this.#deps.client.receipts(
      groupIDOf(first),
      mine.map((m) => m.ID),
    );
    for (const receipt of res.messageList) this.#apply(first.conversationID, receipt);
    return ok({ messageList });
  }

  getGroupMessageReadMemberList(options: ReadMemberListOptions): Response<ReadMemberListResult> {
    const api = 'getGroupMessageReadMemberList';
    assertParams(isRecord(options) && options.message instanceof Message, api, 'message must be a Message');
    assertParams(options.filter === 0 || options.filter === 1, api, 'filter must be 0 (read) or 1 (unread)');
    assertParams(options.cursor === undefined || typeof options.cursor === 'string', api, 'cursor must be a string');
    const { count } = options;
    assertParams(count === undefined || (Number.isInteger(count) && count > 0), api, 'count: positive integer');
    const { message, filter } = options;
    // Seed 001 pages the lists 15 at a time; the server serves no larger page.
    const request = this.#deps.client.readMembers(groupIDOf(message), message.ID, {
      filter,
      cursor: options.cursor ?? '',
      count: Math.min(count ?? LIMITS.readListPage, LIMITS.readListPage),
    });
    return request.then((page) => {
      const list =
        filter === 0
          ? { readUserIDList: page.readUserIDList ?? [] }
          : { unreadUserIDList: page.unreadUserIDList ?? [] };
      return ok({ messageID: message.ID, ...list, cursor: page.cursor, isCompleted: page.isCompleted });
    });
  }

  /** Pushed to the sender when members read (MESSAGE_READ_RECEIPT_RECEIVED); updates the cached messages first. */
  received(receipts: GroupReceipt[]): void {
    const data = receipts.map((r) => ({
      groupID: r.groupID,
      messageID: r.messageID,
      readCount: r.readCount,
      unreadCount: r.unreadCount,
    }));
    for (const receipt of data) this.#apply(`${TYPES.CONV_GROUP}${receipt.groupID}`, receipt);
    if (data.length > 0) this.#deps.emitter.emit(EVENT.MESSAGE_READ_RECEIPT_RECEIVED, data);
  }

  /** Found in its own conversation: message IDs are unique per conversation only (rule SACT1). */
  #apply(conversationID: string, receipt: { messageID: string; readCount: number; unreadCount: number }): void {
    const message = this.#deps.messages.findIn(conversationID, receipt.messageID);
    if (!message) return;
    message.readReceiptInfo = {
      ...message.readReceiptInfo,
      readCount: receipt.readCount,
      unreadCount: receipt.unreadCount,
    };
  }
}
