import {
  CONVERSATION_TYPE,
  type ConversationList,
  conversationPath,
  MESSAGE_ROUTES,
  type MessageList,
  type WireConversation,
  type WireMessage,
} from '@parley/protocol';
import type { ConversationStore } from '../conversation/conversation-store.ts';
import { EVENT } from '../constants/events.ts';
import type { Emitter } from '../core/emitter.ts';
import type { HttpClient } from '../core/http.ts';
import type { Logger } from '../core/logger.ts';
import { readAllPages, withCursor } from '../core/pages.ts';
import type { SerialQueue } from '../core/serial-queue.ts';
import type { Timing } from '../core/timing.ts';
import { conversationIDOf, type Message } from '../message/message.ts';
import type { MessageStore } from '../message/message-store.ts';
import { SeqTracker } from './seq-tracker.ts';

/** The server's largest catch-up page (MessageListQuerySchema). */
const CATCH_UP_PAGE = 100;
/** A conversation more than this many pages behind is skipped to its end; its history is still a fetch away. */
const MAX_CATCH_UP_PAGES = 50;

interface Entry {
  message: Message;
  /** False for what the application already has: its own sends, messages it loaded as history. */
  deliver: boolean;
}

export interface SyncDeps {
  http: HttpClient;
  emitter: Emitter;
  logger: Logger;
  timing: Timing;
  queue: SerialQueue;
  messages: MessageStore;
  conversations: ConversationStore;
  me: () => string;
  /** A stored message of mine arrived from the server: a pending send of it is done. */
  settleSend: (from: string, ID: string) => void;
  /** After MESSAGE_RECEIVED: group tips and notices tell the group feature to re-read what changed. */
  onDelivered?: (messages: readonly Message[]) => void;
}

/**
 * Convergence (GUIDE §3.4): the SDK's conversations and messages follow the server's, whatever the push
 * connection dropped. Pushes are hints fed through per-conversation sequence trackers; a hole, a reconnect or a
 * change notice makes the SDK fetch conversations since its cursor (rule SYNC1) and messages after the last
 * sequence it accounted for (SYNC2). Everything runs on the shared serial queue, so events leave in order.
 */
export class SyncEngine {
  readonly #deps: SyncDeps;
  readonly #trackers = new Map<string, SeqTracker<Entry>>();
  readonly #gapTimers = new Map<string, ReturnType<typeof setTimeout>>();
  #cursor = 0;
  #resyncQueued = false;
  /** Bumped on reset: work started for a previous login finds it changed and drops its results. */
  #epoch = 0;

  constructor(deps: SyncDeps) {
    this.#deps = deps;
  }

  get cursor(): number {
    return this.#cursor;
  }

  /** Changes at every reset: work queued by a previous login compares it and does nothing. */
  get epoch(): number {
    return this.#epoch;
  }

  reset(): void {
    this.#epoch += 1;
    this.#cursor = 0;
    this.#resyncQueued = false;
    this.#trackers.clear();
    for (const timer of this.#gapTimers.values()) clearTimeout(timer);
    this.#gapTimers.clear();
  }

  /**
   * Login: the visible list becomes the starting state; its history is the application's to load, not an event.
   * `preloaded` is that same first page from a start snapshot (rule SDK9): its cursor is where catch-up begins.
   */
  initialSync(preloaded?: ConversationList): Promise<void> {
    return this.#deps.queue.run(async () => {
      const epoch = this.#epoch;
      const res = await this.#conversationsSince(0, preloaded);
      if (epoch !== this.#epoch) return;
      for (const row of res.conversationList) {
        this.#trackers.set(row.conversationID, new SeqTracker(row.lastSequence));
        this.#deps.conversations.applyRow(row);
      }
      this.#cursor = res.syncVersion;
    });
  }

  /**
   * Connected, change notice, unknown conversation: one sync, however many asked while it waited. A read receipt
   * missed while away comes back this way too: the server bumps the sender's row when the peer reads (rule RD3).
   */
  requestResync(): void {
    if (this.#resyncQueued) return;
    this.#resyncQueued = true;
    this.#deps.queue.post(async () => {
      this.#resyncQueued = false;
      await this.#resync();
    });
  }

  /** Stored messages in any order and with repeats (push, catch-up, own acks); delivers each new one once. */
  ingest(wires: readonly WireMessage[]): void {
    const delivered: Message[] = [];
    for (const wire of wires) this.#ingestOne(wire, delivered);
    this.#deliver(delivered);
  }

  /** History is deleted up to `sequence` for this user: nothing below it is owed any more. */
  cleared(conversationID: string, sequence: number): void {
    this.#deps.queue.post(() => {
      const delivered: Message[] = [];
      for (const entry of this.#trackers.get(conversationID)?.discardTo(sequence) ?? []) this.#apply(entry, delivered);
      this.#deliver(delivered);
    });
  }

  async #resync(): Promise<void> {
    const epoch = this.#epoch;
    const res = await this.#conversationsSince(this.#cursor);
    if (epoch !== this.#epoch) return;
    const behind: string[] = [];
    const delivered: Message[] = [];
    for (const row of res.conversationList) {
      if (this.#applyRow(row, delivered)) behind.push(row.conversationID);
    }
    this.#deliver(delivered);
    this.#cursor = Math.max(this.#cursor, res.syncVersion);
    for (const conversationID of behind) await this.#catchUp(conversationID, epoch);
  }

  /**
   * Every page of the conversation list since a version (ABU24), as one answer: the first page's `syncVersion` is
   * the next cursor (a row changed while paging has a later version, so the next sync lists it again).
   */
  async #conversationsSince(since: number, first?: ConversationList): Promise<ConversationList> {
    const url = `${MESSAGE_ROUTES.conversations}?since=${since}`;
    const pages = await readAllPages((cursor) => this.#deps.http.get<ConversationList>(withCursor(url, cursor)), first);
    const head = pages[0] as ConversationList;
    return {
      ...head,
      conversationList: pages.flatMap((p) => p.conversationList),
      isSyncCompleted: true,
      nextCursor: '',
    };
  }

  /** Returns true when the row shows messages this SDK has not accounted for. */
  #applyRow(row: WireConversation, delivered: Message[]): boolean {
    let tracker = this.#trackers.get(row.conversationID);
    if (!tracker) {
      // First seen after login: everything after what the user cleared is new to this SDK.
      tracker = new SeqTracker<Entry>(row.clearedSequence);
      this.#trackers.set(row.conversationID, tracker);
    }
    // Anything waiting at or below the cleared sequence was deleted meanwhile: dropped, not delivered.
    const released = tracker.discardTo(row.clearedSequence);
    if (row.hidden) {
      this.#deps.conversations.remove(row.conversationID);
      this.#deps.messages.clear(row.conversationID, row.clearedSequence);
      return false;
    }
    const known = this.#deps.conversations.state(row.conversationID);
    const before = known?.peerReadSequence;
    // History cleared on another of my devices (CMP35): what this SDK kept of it goes too.
    if (known && row.clearedSequence > known.clearedSequence) {
      this.#deps.messages.clear(row.conversationID, row.clearedSequence);
    }
    this.#deps.conversations.applyRow(row);
    if (before !== undefined && row.peerReadSequence > before)
      this.#markPeerRead(row.conversationID, row.peerReadSequence);
    for (const entry of released) this.#apply(entry, delivered);
    return row.lastSequence > tracker.watermark || tracker.hasGap;
  }

  /** Fetches what one conversation is missing, oldest first, page by page (rule SYNC2). */
  async #catchUp(conversationID: string, epoch: number): Promise<void> {
    const tracker = this.#trackers.get(conversationID);
    if (!tracker) return;
    for (let page = 0; page < MAX_CATCH_UP_PAGES; page += 1) {
      const from = tracker.watermark;
      const path = conversationPath(MESSAGE_ROUTES.messages, conversationID);
      const res = await this.#deps.http.get<MessageList>(`${path}?afterSeq=${from}&count=${CATCH_UP_PAGE}`);
      if (epoch !== this.#epoch) return;
      const delivered: Message[] = [];
      for (const wire of res.messageList) this.#ingestOne(wire, delivered);
      // The server returns every visible message after `from`; holes below the last one are history the user
      // deleted, so they are filled rather than waited for.
      const last = res.messageList.at(-1)?.sequence ?? from;
      for (const entry of tracker.fillTo(last)) this.#apply(entry, delivered);
      const done = res.isCompleted || tracker.watermark <= from;
      if (!done && page === MAX_CATCH_UP_PAGES - 1) {
        this.#deps.logger.warn(`${conversationID}: too far behind; skipping to its latest message`);
        const lastSequence = this.#deps.conversations.state(conversationID)?.lastSequence ?? last;
        for (const entry of tracker.fillTo(lastSequence)) this.#apply(entry, delivered);
      }
      this.#deliver(delivered);
      if (done) break;
    }
    if (tracker.hasGap) this.#scheduleGap(conversationID, this.#deps.timing.gapGraceMs);
  }

  #ingestOne(wire: WireMessage, delivered: Message[]): void {
    if (wire.onlineOnly || wire.sequence <= 0) return;
    const me = this.#deps.me();
    const conversationID = conversationIDOf(wire, me);
    let tracker = this.#trackers.get(conversationID);
    if (!tracker) {
      // A conversation this login has not seen: wait for the sync to say where its history starts.
      tracker = new SeqTracker<Entry>(0);
      this.#trackers.set(conversationID, tracker);
      this.requestResync();
    }
    if (tracker.has(wire.sequence)) {
      // Already accounted for; if it is a send of mine still waiting for its reply, this copy completes it.
      if (wire.from === me && this.#deps.messages.has(wire.from, wire.ID)) {
        this.#deps.messages.upsert(wire, { userID: me });
        this.#deps.settleSend(wire.from, wire.ID);
      }
      return;
    }
    // Known = the application already has this object (its own send, a history page): update it, don't deliver.
    const { message, known } = this.#deps.messages.upsert(wire, { userID: me });
    if (wire.from === me) this.#deps.settleSend(wire.from, wire.ID);
    const ready = tracker.offer(wire.sequence, { message, deliver: !known });
    for (const entry of ready ?? []) this.#apply(entry, delivered);
    if (tracker.hasGap) this.#scheduleGap(conversationID, this.#deps.timing.gapGraceMs);
  }

  #apply(entry: Entry, delivered: Message[]): void {
    const { message } = entry;
    if (!this.#deps.conversations.applyMessage(message)) this.requestResync();
    // Sending moves the sender's read position to their message (server rule), so a reply means my earlier
    // messages were read: the receipt needs no separate push.
    if (message.flow === 'in' && message.conversationType === CONVERSATION_TYPE.C2C) {
      this.peerRead(message.conversationID, message.sequence);
    }
    if (entry.deliver) delivered.push(message);
  }

  #deliver(messages: Message[]): void {
    if (messages.length === 0) return;
    this.#deps.emitter.emit(EVENT.MESSAGE_RECEIVED, messages);
    this.#deps.onDelivered?.(messages);
  }

  /** The peer read up to `sequence`: my messages up to it become isPeerRead (MESSAGE_READ_BY_PEER). */
  peerRead(conversationID: string, sequence: number): void {
    const previous = this.#deps.conversations.setPeerRead(conversationID, sequence);
    if (previous === undefined) {
      this.requestResync();
      return;
    }
    if (sequence > previous) this.#markPeerRead(conversationID, sequence);
  }

  #markPeerRead(conversationID: string, sequence: number): void {
    const changed = this.#deps.messages.markPeerRead(conversationID, sequence);
    if (changed.length > 0) this.#deps.emitter.emit(EVENT.MESSAGE_READ_BY_PEER, changed);
  }

  /** A hole waits a moment for its push (it is usually just behind); then the SDK fetches it. */
  #scheduleGap(conversationID: string, delayMs: number): void {
    if (this.#gapTimers.has(conversationID)) return;
    const epoch = this.#epoch;
    const timer = setTimeout(() => {
      this.#gapTimers.delete(conversationID);
      this.#deps.queue.post(async () => {
        const tracker = this.#trackers.get(conversationID);
        if (epoch !== this.#epoch || !tracker?.hasGap) return;
        try {
          await this.#catchUp(conversationID, epoch);
        } catch (err) {
          // Offline: the reconnect's sync will fetch it. Online (a failed request): try again, more slowly.
          this.#scheduleGap(conversationID, Math.min(delayMs * 4, this.#deps.timing.reconnectCapMs));
          throw err;
        }
      });
    }, delayMs);
    this.#gapTimers.set(conversationID, timer);
  }
}
