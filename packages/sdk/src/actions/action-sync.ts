import type { Changes, PushEventOf, WireMessage } from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import type { Emitter } from '../core/emitter.ts';
import type { Logger } from '../core/logger.ts';
import { conversationIDOf, type Message, messageFromWire } from '../message/message.ts';
import type { MessageStore } from '../message/message-store.ts';
import type { ActionClient } from './action-client.ts';
import type { MessageActions } from './message-actions.ts';
import type { ReactionModule } from './reaction-module.ts';

interface Deps {
  client: ActionClient;
  messages: MessageStore;
  emitter: Emitter;
  logger: Logger;
  me: () => string;
  actions: MessageActions;
  reactions: ReactionModule;
}

/** Catch-up pages per conversation at one reconnect; what is left comes at the next one. */
const MAX_PAGES = 10;

/**
 * Keeps the cached messages in step with changes made in place (rules SACT13–SACT15): pushes apply at once, and
 * after every reconnect each conversation this login holds messages of asks `…/changes` after its cursor, so a
 * modify, recall, reaction or delete made while this client was away is applied and announced once. Applying is
 * idempotent: a change already seen (same version) is not announced again.
 */
export class ActionSync {
  readonly #deps: Deps;
  readonly #cursors = new Map<string, number>();
  #running: Promise<void> | null = null;
  #again = false;
  #epoch = 0;

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  /** `message.changed`: a modify or a recall, the message as it now is. */
  changed(e: PushEventOf<'message.changed'>): void {
    this.#changed(e.message);
  }

  /** `message.deleted`: my delete on another device. */
  deleted(e: PushEventOf<'message.deleted'>): void {
    this.#deleted(String(e.conversationID), e.messageIDList);
  }

  /** `message.reactions`: a reaction toggled; the message's whole list comes with it. */
  reacted(e: PushEventOf<'message.reactions'>): void {
    const m = e.message;
    this.#deps.reactions.updated({
      conversationID: conversationIDOf(m, this.#deps.me()),
      messageID: m.ID,
      reactionList: e.reactionList,
      operatorID: String(e.operatorID),
      reactionID: String(e.reactionID),
      added: e.added === true,
      changeSequence: Number(e.changeSequence) || 0,
    });
  }

  /** `message.receipt`: the peer read my one-to-one messages. */
  receipt(e: PushEventOf<'message.receipt'>): void {
    this.#deps.actions.receiptReceived(
      String(e.conversationID),
      String(e.userID),
      e.messageIDList,
      Number(e.timestamp),
    );
  }

  /** Reconnected: catch up every conversation held. Calls while one runs share one more run after it. */
  refresh(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    const epoch = this.#epoch;
    this.#running = this.#catchUpAll(epoch)
      .catch((err: unknown) => this.#deps.logger.warn('message changes catch-up failed:', err))
      .finally(() => {
        this.#running = null;
        if (this.#again && epoch === this.#epoch) {
          this.#again = false;
          this.refresh();
        }
      });
  }

  /** Resolves when no catch-up is running (tests and logout). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  reset(): void {
    this.#epoch += 1;
    this.#cursors.clear();
    this.#again = false;
  }

  async #catchUpAll(epoch: number): Promise<void> {
    for (const conversationID of this.#deps.messages.conversationIDs()) {
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const after = this.#cursors.get(conversationID) ?? 0;
        const res = await this.#deps.client.changes(conversationID, after);
        if (epoch !== this.#epoch) return;
        this.#apply(conversationID, res);
        this.#cursors.set(conversationID, Math.max(after, res.changeSequence));
        if (res.isCompleted) break;
      }
    }
  }

  #apply(conversationID: string, res: Changes): void {
    for (const wire of res.messageList) {
      // Only what the application holds is announced: the rest comes up to date with its history page.
      if (this.#deps.messages.findIn(conversationID, wire.ID)) this.#changed(wire);
    }
    for (const r of res.reactionList) {
      if (!this.#deps.messages.findIn(conversationID, r.messageID)) continue;
      this.#deps.reactions.remember(conversationID, r.messageID, r.reactionList, res.changeSequence);
      this.#deps.emitter.emit(EVENT.MESSAGE_REACTIONS_UPDATED, { conversationID, ...r });
    }
    this.#deleted(conversationID, res.deletedMessageIDList);
  }

  #changed(wire: WireMessage): void {
    const viewer = { userID: this.#deps.me() };
    const conversationID = conversationIDOf(wire, viewer.userID);
    const cached = this.#deps.messages.findIn(conversationID, wire.ID);
    if (cached && cached.version >= (wire.version ?? 0) && cached.isRevoked === wire.isRevoked) return;
    let message: Message;
    if (cached) {
      // My own delete of it stays: the server's copy is everyone's, `isDeleted` is mine.
      const deleted = cached.isDeleted;
      cached.applyWire(wire, viewer);
      cached.isDeleted = deleted;
      message = cached;
    } else {
      message = messageFromWire(wire, viewer);
    }
    this.#deps.emitter.emit(wire.isRevoked ? EVENT.MESSAGE_REVOKED : EVENT.MESSAGE_MODIFIED, [message]);
  }

  /**
   * My delete on another device: the cached objects get `isDeleted` and are announced with MESSAGE_MODIFIED (the
   * reference has no event for it; a UI that filters `isDeleted` drops them).
   */
  #deleted(conversationID: string, ids: readonly string[]): void {
    const changed: Message[] = [];
    for (const id of ids) {
      const m = this.#deps.messages.findIn(conversationID, id);
      if (m && !m.isDeleted) {
        m.isDeleted = true;
        changed.push(m);
      }
    }
    if (changed.length > 0) this.#deps.emitter.emit(EVENT.MESSAGE_MODIFIED, changed);
  }
}
