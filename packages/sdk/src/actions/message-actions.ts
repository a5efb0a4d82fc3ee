import { ERRORS, MESSAGE_TYPE, type WireMessage } from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import { TYPES } from '../constants/types.ts';
import type { Emitter } from '../core/emitter.ts';
import { ChatError, type ChatResponse, ok, toChatError } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { Message, messageFromWire } from '../message/message.ts';
import type { MessageStore } from '../message/message-store.ts';
import type { ActionClient } from './action-client.ts';
import { actionError } from './action-errors.ts';

export interface ActionDeps {
  client: ActionClient;
  messages: MessageStore;
  emitter: Emitter;
  me: () => string;
  cancelSend?: (from: string, ID: string) => void;
}

type Response<T> = Promise<ChatResponse<T>>;

/** Types whose payload the sender may change (reference §3.3). */
const EDITABLE = new Set<string>([MESSAGE_TYPE.TEXT, MESSAGE_TYPE.CUSTOM, MESSAGE_TYPE.LOCATION, MESSAGE_TYPE.FACE]);

export function checkMessage(api: string, message: unknown): asserts message is Message {
  assertParams(message instanceof Message, api, 'message must be a Message');
}

/**
 * The SDK's object for a message the server sent back: the cached one of the same conversation updated in place
 * (so a UI holding it sees the change), else a new object that is not cached.
 */
export function adopt(deps: Pick<ActionDeps, 'messages' | 'me'>, wire: WireMessage): Message {
  const viewer = { userID: deps.me() };
  const fresh = messageFromWire(wire, viewer);
  const cached = deps.messages.findIn(fresh.conversationID, wire.ID);
  if (!cached) return fresh;
  cached.applyWire(wire, viewer);
  return cached;
}

/** modifyMessage, revokeMessage, deleteMessage and one-to-one read receipts (reference §3.3, rules SACT2–SACT6). */
export class MessageActions {
  readonly #deps: ActionDeps;

  constructor(deps: ActionDeps) {
    this.#deps = deps;
  }

  /**
   * Sends the message's `cloudCustomData` (and, for the sender, its payload) with the version it was read at. On a
   * conflict (2480) the cached object becomes the latest and is `err.data.message`, so a retry starts from it.
   */
  async modifyMessage(message: Message): Response<{ message: Message }> {
    checkMessage('modifyMessage', message);
    assertParams(message.status === 'success' && !message._onlineOnlyFlag, 'modifyMessage', 'a stored message');
    const body: Record<string, unknown> = { version: message.version, cloudCustomData: message.cloudCustomData };
    if (message.from === this.#deps.me() && EDITABLE.has(message.type)) body.payload = message.payload;
    try {
      const wire = await this.#deps.client.modify(message.conversationID, message.ID, body);
      return ok({ message: this.#apply(message, wire) });
    } catch (err) {
      const error = toChatError(err);
      const latest = error.data.message as WireMessage | undefined;
      if (error.code !== ERRORS.MSG_MODIFY_CONFLICT.code || !latest) throw error;
      throw new ChatError(error.code, error.message, { ...error.data, message: this.#apply(message, latest) });
    }
  }

  async revokeMessage(message: Message): Response<{ message: Message }> {
    checkMessage('revokeMessage', message);
    if (message.status !== 'success' || message.isSystemMessage) throw actionError('MSG_REVOKE_FAIL', { message });
    try {
      const wire = await this.#deps.client.revoke(message.conversationID, message.ID);
      return ok({ message: this.#apply(message, wire) });
    } catch (err) {
      const error = toChatError(err);
      throw new ChatError(error.code, error.message, { ...error.data, message });
    }
  }

  /** Hidden for me on all my devices (rule ACT7); the objects get `isDeleted`. */
  async deleteMessage(messageList: Message[]): Response<{ messageList: Message[] }> {
    const api = 'deleteMessage';
    assertParams(Array.isArray(messageList) && messageList.length > 0, api, 'messageList must be a non-empty array');
    for (const m of messageList) checkMessage(api, m);
    const first = messageList[0] as Message;
    if (messageList.every((m) => m.status !== 'success' && m.sequence <= 0) && this.#deps.cancelSend) {
      return ok({ messageList: messageList.map((m) => this.#dropUnsent(m)) });
    }
    if (messageList.some((m) => m.conversationID !== first.conversationID || m.status !== 'success'))
      throw actionError('MSG_DELETE_FAIL');
    if (first.conversationType === TYPES.CONV_SYSTEM)
      throw new ChatError(2116, 'Group system notices cannot be deleted');
    await this.#deps.client.hide(
      first.conversationID,
      messageList.map((m) => m.ID),
    );
    for (const m of messageList) m.isDeleted = true;
    return ok({ messageList });
  }

  /**
   * Decision 0032 (UI24): deleting messages the server never stored (queued or failed sends) cancels them: they
   * leave the outbox and this login's memory, and nothing is asked of the server.
   */
  #dropUnsent(message: Message): Message {
    this.#deps.cancelSend?.(message.from, message.ID);
    this.#deps.messages.drop(message);
    message.isDeleted = true;
    return message;
  }

  /** One-to-one receipts; `undefined` for group messages (the group feature answers those). */
  sendC2CReceipts(messageList: Message[]): Response<Record<string, never>> | undefined {
    const first = messageList[0];
    if (first?.conversationType !== TYPES.CONV_C2C) return undefined;
    const wanted = messageList.filter((m) => m.flow === 'in' && m.needReadReceipt && m.status === 'success');
    if (wanted.length === 0) return Promise.reject(actionError('READ_RECEIPT_MSG_LIST_EMPTY'));
    return this.#deps.client
      .sendReceipts(
        first.conversationID,
        wanted.map((m) => m.ID),
      )
      .then(() => ok({}));
  }

  /** Fills `readReceiptInfo` (and `isPeerRead`) of my one-to-one messages; `undefined` for group messages. */
  c2cReceiptList(messageList: Message[]): Response<{ messageList: Message[] }> | undefined {
    const first = messageList[0];
    if (first?.conversationType !== TYPES.CONV_C2C) return undefined;
    const mine = messageList.filter((m) => m.flow === 'out' && m.status === 'success');
    if (mine.length === 0) return Promise.resolve(ok({ messageList }));
    return this.#deps.client
      .receipts(
        first.conversationID,
        mine.map((m) => m.ID),
      )
      .then(({ receiptList }) => {
        const byID = new Map(receiptList.map((r) => [r.messageID, r]));
        for (const m of mine) {
          const r = byID.get(m.ID);
          if (!r?.isPeerRead) continue;
          markPeerRead(m, r.timestamp);
        }
        return ok({ messageList });
      });
  }

  /** A pushed receipt (MESSAGE_READ_RECEIPT_RECEIVED, one-to-one shape of reference §10). */
  receiptReceived(conversationID: string, userID: string, messageIDList: string[], timestamp: number): void {
    const data = messageIDList.map((messageID) => {
      const m = this.#deps.messages.findIn(conversationID, messageID);
      if (m) markPeerRead(m, timestamp);
      return { conversationID, userID, messageID, isPeerRead: true, timestamp };
    });
    if (data.length > 0) this.#deps.emitter.emit(EVENT.MESSAGE_READ_RECEIPT_RECEIVED, data);
  }

  /** The caller's object takes the server's state; the cached object (if another) too. */
  #apply(message: Message, wire: WireMessage): Message {
    const viewer = { userID: this.#deps.me() };
    message.applyWire(wire, viewer);
    const cached = this.#deps.messages.findIn(message.conversationID, message.ID);
    if (cached && cached !== message) cached.applyWire(wire, viewer);
    return message;
  }
}

function markPeerRead(m: Message, timestamp: number): void {
  m.isPeerRead = true;
  m.readReceiptInfo = { ...m.readReceiptInfo, isPeerRead: true, timestamp };
}
