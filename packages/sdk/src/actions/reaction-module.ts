import { ACTION_LIMITS, isReactionID, type MessageReactions, type WireReaction } from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import type { Emitter } from '../core/emitter.ts';
import { ChatError, type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { Message } from '../message/message.ts';
import type { ActionClient, ReactionUserPage } from './action-client.ts';
import { checkMessage } from './message-actions.ts';

interface Deps {
  client: ActionClient;
  emitter: Emitter;
  me: () => string;
}

type Response<T> = Promise<ChatResponse<T>>;

export interface ReactionsPush {
  conversationID: string;
  messageID: string;
  reactionList: WireReaction[];
  operatorID: string;
  reactionID: string;
  added: boolean;
  /** The conversation's change sequence of this change: pushes of two changes can arrive in either order (SACT12). */
  changeSequence: number;
}

/**
 * The reference's reaction API (§3.3, rules SACT10–SACT12): each toggle is one atomic row on the server, so two
 * users reacting at once never overwrite each other. The SDK remembers which reactions are mine per message, so a
 * pushed update (whose list is the same for everyone) gets this user's `reactedByMyself` right.
 */
export class ReactionModule {
  readonly #deps: Deps;
  /** `conversationID\nmessageID` → my reaction IDs on it, as last known. */
  readonly #mine = new Map<string, Set<string>>();
  /** `conversationID\nmessageID` → the change sequence of the newest reaction list announced for it. */
  readonly #newest = new Map<string, number>();

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  addMessageReaction(message: Message, reactionID: string): Response<Record<string, never>> {
    return this.#toggle('addMessageReaction', message, reactionID, true);
  }

  removeMessageReaction(message: Message, reactionID: string): Response<Record<string, never>> {
    return this.#toggle('removeMessageReaction', message, reactionID, false);
  }

  #toggle(api: string, message: Message, reactionID: string, add: boolean): Response<Record<string, never>> {
    checkMessage(api, message);
    assertParams(typeof reactionID === 'string' && reactionID !== '', api, 'reactionID must be a non-empty string');
    assertParams(message.status === 'success', api, 'the message must be a stored one');
    // Unknown or oversized IDs never reach the server (it refuses them too).
    if (!isReactionID(reactionID)) return Promise.reject(ChatError.from('INVALID_PARAMS', 'unknown reactionID'));
    return this.#deps.client.react(message.conversationID, message.ID, reactionID, add).then(() => {
      const key = `${message.conversationID}\n${message.ID}`;
      const mine = this.#mine.get(key) ?? new Set<string>();
      if (add) mine.add(reactionID);
      else mine.delete(reactionID);
      this.#mine.set(key, mine);
      return ok({});
    });
  }

  async getMessageReactions(options: {
    messageList: Message[];
    maxUserCountPerReaction?: number;
  }): Response<{ resultList: MessageReactions[] }> {
    const api = 'getMessageReactions';
    const list = options?.messageList;
    assertParams(
      Array.isArray(list) && list.length > 0 && list.every((m) => m instanceof Message),
      api,
      'messageList must be a non-empty array of Message',
    );
    const first = list[0] as Message;
    assertParams(
      list.every((m) => m.conversationID === first.conversationID),
      api,
      'the messages must belong to one conversation',
    );
    const max = options.maxUserCountPerReaction;
    assertParams(max === undefined || (Number.isInteger(max) && max >= 0), api, 'maxUserCountPerReaction');
    const resultList: MessageReactions[] = [];
    const ids = list.filter((m) => m.status === 'success').map((m) => m.ID);
    for (let i = 0; i < ids.length; i += ACTION_LIMITS.batchMessages) {
      const res = await this.#deps.client.reactions(
        first.conversationID,
        ids.slice(i, i + ACTION_LIMITS.batchMessages),
        max === undefined ? undefined : Math.min(max, ACTION_LIMITS.reactionUsersPerReaction),
      );
      resultList.push(...res.resultList);
    }
    for (const r of resultList) this.#remember(first.conversationID, r.messageID, r.reactionList);
    return ok({ resultList });
  }

  getAllUserListOfMessageReaction(options: {
    message: Message;
    reactionID: string;
    nextSeq?: number;
    count?: number;
  }): Response<ReactionUserPage> {
    const api = 'getAllUserListOfMessageReaction';
    checkMessage(api, options?.message);
    assertParams(typeof options.reactionID === 'string' && options.reactionID !== '', api, 'reactionID');
    const nextSeq = options.nextSeq ?? 0;
    assertParams(Number.isInteger(nextSeq) && nextSeq >= 0, api, 'nextSeq must be a non-negative integer');
    const count = Math.min(options.count ?? ACTION_LIMITS.reactionUserPage, ACTION_LIMITS.reactionUserPage);
    const { message, reactionID } = options;
    return this.#deps.client
      .reactionUsers(message.conversationID, message.ID, reactionID, nextSeq, Math.max(1, count))
      .then((page) => ok(page));
  }

  /** A pushed change, or one found by catch-up: MESSAGE_REACTIONS_UPDATED with this user's reactedByMyself. */
  updated(push: ReactionsPush): void {
    const key = `${push.conversationID}\n${push.messageID}`;
    // Two users reacting at once: the server numbers the changes, but their pushes may cross on the way. The older
    // list would undo the newer one on screen (SACT12), so it is dropped; the newer list already holds its change.
    // A push without a number (0) is applied as it comes.
    if (push.changeSequence > 0) {
      if (push.changeSequence <= (this.#newest.get(key) ?? 0)) return;
      this.#newest.set(key, push.changeSequence);
    }
    const mine = this.#mine.get(key) ?? new Set<string>();
    if (push.operatorID === this.#deps.me()) {
      if (push.added) mine.add(push.reactionID);
      else mine.delete(push.reactionID);
    }
    for (const r of push.reactionList) {
      if (r.partialUserList.some((u) => u.userID === this.#deps.me())) mine.add(r.reactionID);
    }
    this.#mine.set(key, mine);
    const reactionList = push.reactionList.map((r) => ({ ...r, reactedByMyself: mine.has(r.reactionID) }));
    this.#deps.emitter.emit(EVENT.MESSAGE_REACTIONS_UPDATED, {
      conversationID: push.conversationID,
      messageID: push.messageID,
      reactionList,
    });
  }

  /** What the server said about my reactions (queries and catch-up are per viewer). */
  #remember(conversationID: string, messageID: string, list: WireReaction[]): void {
    this.#mine.set(
      `${conversationID}\n${messageID}`,
      new Set(list.filter((r) => r.reactedByMyself).map((r) => r.reactionID)),
    );
  }

  /** A catch-up page's lists, current as of its change sequence: a push of an older change is dropped after it. */
  remember(conversationID: string, messageID: string, list: WireReaction[], changeSequence = 0): void {
    this.#remember(conversationID, messageID, list);
    const key = `${conversationID}\n${messageID}`;
    this.#newest.set(key, Math.max(this.#newest.get(key) ?? 0, changeSequence));
  }

  reset(): void {
    this.#mine.clear();
    this.#newest.clear();
  }
}
