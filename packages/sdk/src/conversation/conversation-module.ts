import { CONVERSATION_TYPE, conversationPath, MESSAGE_ROUTES, type WireConversation } from '@parley/protocol';
import { ChatError, type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import type { HttpClient } from '../core/http.ts';
import type { SerialQueue } from '../core/serial-queue.ts';
import type { MessageStore } from '../message/message-store.ts';
import type { SyncEngine } from '../sync/sync-engine.ts';
import type { Group } from '../group/group.ts';
import { isConversationID } from '../message/message-module.ts';
import { type Conversation, peerOf, toConversation } from './conversation.ts';
import type { ConversationStore } from './conversation-store.ts';

/** TIM's object filter for getConversationList; `markType` matches one of `markList` (MARK9); no folders yet. */
export interface ConversationFilter {
  type?: string;
  markType?: number;
  groupName?: string;
  hasUnreadCount?: boolean;
  hasGroupAtInfo?: boolean;
}

export interface SetMessageRemindTypeOptions {
  userIDList?: string[];
  groupID?: string;
  messageRemindType: string;
}

export interface RemindTypeResult {
  successUserIDList: { userID: string }[];
  failureUserIDList: { userID: string; code: number; message: string }[];
}

interface Deps {
  http: HttpClient;
  queue: SerialQueue;
  conversations: ConversationStore;
  messages: MessageStore;
  sync: SyncEngine;
  me: () => string;
  /** setMessageRemindType({groupID}): the group module's call (it answers with the Group). */
  groupRemind: (groupID: string, messageRemindType: string) => Response<{ group: Group }>;
}

const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** C2C, GROUP or the system conversation; anything else is not a conversation (a rejection, not a throw). */
function c2c(conversationID: string): Promise<string> {
  return isConversationID(conversationID)
    ? Promise.resolve(conversationID)
    : Promise.reject(ChatError.from('INVALID_CONV_ID'));
}

type Response<T> = Promise<ChatResponse<T>>;

/**
 * Conversation APIs (reference §4). Reads come from the SDK's synced list; writes go to the server first. Each
 * public method checks its parameters synchronously (TIM throws 'Params validate failed.') and then goes async.
 */
export class ConversationModule {
  readonly #deps: Deps;

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  getConversationList(
    options?: string[] | ConversationFilter,
  ): Response<{ conversationList: Conversation[]; isSyncCompleted: boolean }> {
    const api = 'getConversationList';
    const all = this.#deps.conversations.list();
    let conversationList: Conversation[];
    if (options === undefined) conversationList = [...all];
    else if (Array.isArray(options)) {
      assertParams(options.every(isString), api, 'conversation IDs must be strings');
      const wanted = new Set(options);
      conversationList = all.filter((c) => wanted.has(c.conversationID));
    } else {
      assertParams(typeof options === 'object' && options !== null, api, 'options must be string[] or an object');
      conversationList = all.filter((c) => matches(c, options));
    }
    return Promise.resolve(ok({ conversationList, isSyncCompleted: true }));
  }

  /**
   * Works for a peer never messaged (reference §4): the server answers with an empty conversation, which joins my
   * list as TIM's local conversation does (CMP30), so CONVERSATION_LIST_UPDATED follows; it stays mine only (the
   * server keeps no row for it) until a message makes it real on both sides.
   */
  getConversationProfile(conversationID: string): Response<{ conversation: Conversation }> {
    assertParams(isString(conversationID), 'getConversationProfile', 'conversationID must be a non-empty string');
    return c2c(conversationID).then(async (id) => {
      const known = this.#deps.conversations.get(id);
      if (known) return ok({ conversation: known });
      const path = conversationPath(MESSAGE_ROUTES.conversation, id);
      const { conversation } = await this.#deps.http.get<{ conversation: WireConversation }>(path);
      // In the queue, after any sync in flight: a row that sync brought meanwhile is newer and is kept.
      await this.#deps.queue.run(() => {
        if (!this.#deps.conversations.has(id)) this.#deps.conversations.applyRow(conversation);
      });
      const group = this.#deps.conversations.groupOf(peerOf(id));
      return ok({
        conversation: this.#deps.conversations.get(id) ?? toConversation(conversation, this.#deps.me(), group),
      });
    });
  }

  deleteConversation(
    options: string | { conversationIDList: string[]; clearHistoryMessage?: boolean },
  ): Response<{ conversationID: string } | { conversationIDList: string[] }> {
    const api = 'deleteConversation';
    if (typeof options === 'string') {
      assertParams(isString(options), api, 'conversationID must be a non-empty string');
      return c2c(options).then(async (id) => {
        await this.#delete(id);
        return ok({ conversationID: id });
      });
    }
    const list = options?.conversationIDList;
    assertParams(Array.isArray(list) && list.length > 0 && list.every(isString), api, 'conversationIDList');
    return Promise.all(list.map(c2c)).then(async (ids) => {
      for (const id of ids) await this.#delete(id);
      return ok({ conversationIDList: ids });
    });
  }

  pinConversation(options: { conversationID: string; isPinned: boolean }): Response<{ conversationID: string }> {
    const api = 'pinConversation';
    assertParams(isString(options?.conversationID), api, 'conversationID must be a non-empty string');
    assertParams(typeof options.isPinned === 'boolean', api, 'isPinned must be a boolean');
    const { isPinned } = options;
    return c2c(options.conversationID).then(async (id) => {
      await this.#deps.http.post(conversationPath(MESSAGE_ROUTES.pin, id), { isPinned });
      await this.#deps.queue.run(() => {
        if (this.#deps.conversations.has(id)) this.#deps.conversations.patch(id, { isPinned });
        else this.#deps.sync.requestResync(); // pinning a peer never messaged creates the conversation
      });
      return ok({ conversationID: id });
    });
  }

  setMessageRemindType(options: SetMessageRemindTypeOptions): Response<RemindTypeResult | { group: Group }> {
    const api = 'setMessageRemindType';
    assertParams(typeof options === 'object' && options !== null, api, 'options must be an object');
    assertParams(isString(options.messageRemindType), api, 'messageRemindType must be a string');
    if (options.groupID !== undefined) {
      assertParams(isString(options.groupID), api, 'groupID must be a non-empty string');
      return this.#groupRemind(options.groupID, options.messageRemindType);
    }
    const userIDList = options.userIDList;
    assertParams(Array.isArray(userIDList) && userIDList.length > 0 && userIDList.every(isString), api, 'userIDList');
    return this.#remind(userIDList, options.messageRemindType);
  }

  setMessageRead(options: { conversationID: string }): Response<Record<string, never>> {
    assertParams(isString(options?.conversationID), 'setMessageRead', 'conversationID must be a non-empty string');
    return c2c(options.conversationID).then(async (id) => {
      const path = conversationPath(MESSAGE_ROUTES.read, id);
      const { readSequence } = await this.#deps.http.post<{ readSequence: number }>(path, {});
      await this.#deps.queue.run(() => {
        this.#deps.conversations.markRead(id, readSequence);
        this.#deps.messages.markRead(id, readSequence);
      });
      return ok({});
    });
  }

  getTotalUnreadMessageCount(): number {
    return this.#deps.conversations.totalUnread();
  }

  async #groupRemind(groupID: string, messageRemindType: string): Response<{ group: Group }> {
    const result = await this.#deps.groupRemind(groupID, messageRemindType);
    await this.#deps.queue.run(() => {
      const id = `${CONVERSATION_TYPE.GROUP}${groupID}`;
      if (this.#deps.conversations.has(id)) this.#deps.conversations.patch(id, { messageRemindType });
    });
    return result;
  }

  async #remind(userIDList: string[], messageRemindType: string): Response<RemindTypeResult> {
    const result = await this.#deps.http.post<RemindTypeResult>(MESSAGE_ROUTES.remind, {
      userIDList,
      messageRemindType,
    });
    await this.#deps.queue.run(() => {
      for (const { userID } of result.successUserIDList) {
        const id = `${CONVERSATION_TYPE.C2C}${userID}`;
        if (this.#deps.conversations.has(id)) this.#deps.conversations.patch(id, { messageRemindType });
        else this.#deps.sync.requestResync();
      }
    });
    return ok(result);
  }

  /**
   * CMP35: my history of the conversation is gone on all my devices; the conversation stays in my list with no last
   * message and nothing unread. The server's row comes back the same on my other devices (sync), which drop theirs.
   */
  clearHistoryMessage(conversationID: string): Response<{ conversationID: string }> {
    assertParams(isString(conversationID), 'clearHistoryMessage', 'conversationID must be a non-empty string');
    return c2c(conversationID).then(async (id) => {
      await this.#deps.http.post(conversationPath(MESSAGE_ROUTES.clear, id), {});
      await this.#deps.queue.run(() => {
        const lastSequence = this.#deps.conversations.state(id)?.lastSequence ?? 0;
        this.#deps.conversations.cleared(id, lastSequence);
        this.#deps.messages.clear(id, lastSequence);
        this.#deps.sync.cleared(id, lastSequence);
      });
      return ok({ conversationID: id });
    });
  }

  async #delete(conversationID: string): Promise<void> {
    await this.#deps.http.request('DELETE', conversationPath(MESSAGE_ROUTES.conversation, conversationID));
    await this.#deps.queue.run(() => {
      const lastSequence = this.#deps.conversations.state(conversationID)?.lastSequence ?? 0;
      this.#deps.conversations.remove(conversationID);
      this.#deps.messages.clear(conversationID, lastSequence);
      this.#deps.sync.cleared(conversationID, lastSequence);
    });
  }
}

function matches(c: Conversation, filter: ConversationFilter): boolean {
  if (filter.type !== undefined && c.type !== filter.type) return false;
  if (filter.hasUnreadCount !== undefined && c.unreadCount > 0 !== filter.hasUnreadCount) return false;
  if (filter.markType !== undefined && !c.markList.includes(filter.markType)) return false;
  if (filter.groupName !== undefined && !c.conversationGroupList.includes(filter.groupName)) return false;
  if (filter.hasGroupAtInfo !== undefined && c.groupAtInfoList.length > 0 !== filter.hasGroupAtInfo) return false;
  return true;
}
