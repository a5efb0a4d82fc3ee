import { kickTypeOf } from '../auth/kick-type.ts';
import { type ConversationList, type PushEvent, ROUTES } from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import type { NetState } from '../constants/types.ts';
import { ConversationStore } from '../conversation/conversation-store.ts';
import { Coalescer } from '../core/coalescer.ts';
import type { Emitter } from '../core/emitter.ts';
import { type ChatError, toChatError } from '../core/errors.ts';
import type { HttpClient } from '../core/http.ts';
import type { Logger } from '../core/logger.ts';
import { SerialQueue } from '../core/serial-queue.ts';
import type { Timing } from '../core/timing.ts';
import type { Message } from '../message/message.ts';
import { MessageStore } from '../message/message-store.ts';
import { Outbox } from '../message/outbox.ts';
import { PushConnection, pushURL, type WebSocketConstructor } from '../transport/ws.ts';
import { SyncEngine } from './sync-engine.ts';

export interface LiveSessionDeps {
  serverURL: string;
  WebSocket: () => WebSocketConstructor | undefined;
  http: HttpClient;
  emitter: Emitter;
  logger: Logger;
  timing: Timing;
  random: () => number;
  userID: () => string;
  userSig: () => string;
  isReady: () => boolean;
  /** A pushed event, on the serial queue in arrival order, for the features to handle (feature/assemble.ts). */
  onPush: (event: PushEvent) => void;
  /** Reconnected (after the resync is asked for, before the outbox flushes): the features read what changed. */
  onReconnected: () => void;
  /** Messages delivered in order (tips and notices change groups). */
  onDelivered: (messages: readonly Message[]) => void;
  /** The server ended the session (a kicked frame, close 4001, or 70001 from any request). */
  onKicked: (type: string) => void;
}

/**
 * Everything that lives for one login: the stores, the outbox, sync and the push connection, wired together.
 * The host (feature/host.ts) creates it once per ChatSDK and starts and stops it with each login.
 */
export class LiveSession {
  readonly #deps: LiveSessionDeps;
  readonly queue: SerialQueue;
  readonly messages = new MessageStore();
  readonly conversations: ConversationStore;
  readonly outbox: Outbox;
  readonly sync: SyncEngine;
  readonly #push: PushConnection;
  readonly #listEvent: Coalescer;
  readonly #unreadEvent: Coalescer;
  #lastUnread: number | undefined;
  #netState: NetState | undefined;
  /** Connection states while logging in, announced only once login succeeds; null otherwise. */
  #heldStates: NetState[] | null = null;
  /** With a start snapshot: the first connection's outcome, until which its states stay held (after SDK_READY). */
  #firstConnect: Promise<void> | null = null;
  #serverOffsetMs = 0;

  constructor(deps: LiveSessionDeps) {
    this.#deps = deps;
    const { http, logger, timing, random, emitter } = deps;
    this.queue = new SerialQueue((err) => logger.warn('sync step failed:', toChatError(err).message));
    this.#listEvent = new Coalescer(
      () => this.#emitList(),
      () => timing.coalesceMs,
    );
    this.#unreadEvent = new Coalescer(
      () => this.#emitUnread(),
      () => timing.coalesceMs,
    );
    this.conversations = new ConversationStore({
      me: deps.userID,
      onChange: () => {
        this.#listEvent.schedule();
        this.#unreadEvent.schedule();
      },
    });
    emitter.on(EVENT.MESSAGE_REVOKED, this.#changedInPlace);
    emitter.on(EVENT.MESSAGE_MODIFIED, this.#changedInPlace);
    this.outbox = new Outbox({
      http,
      logger,
      timing,
      random,
      onStored: (_message, wire) => {
        const epoch = this.sync.epoch;
        return this.queue.run(() => {
          if (epoch === this.sync.epoch) this.sync.ingest([wire]);
        });
      },
      onAuthError: (err) => this.#authFailed(err),
      socket: () => this.#push,
      online: () => this.#netState === undefined || this.#netState === 'connected',
    });
    this.sync = new SyncEngine({
      http,
      emitter,
      logger,
      timing,
      queue: this.queue,
      messages: this.messages,
      conversations: this.conversations,
      me: deps.userID,
      settleSend: (from, ID) => this.outbox.settle(from, ID),
      onDelivered: (messages) => deps.onDelivered(messages),
    });
    this.#push = new PushConnection({
      url: () => pushURL(deps.serverURL, deps.userSig()),
      WebSocket: deps.WebSocket,
      timing,
      random,
      logger,
      onHello: (frame) => {
        this.#serverOffsetMs = frame.serverTime - Date.now();
        // Whatever happened while we were away: fetch it (rule SYNC1/SYNC2), then send what waited.
        this.sync.requestResync();
        deps.onReconnected();
        this.outbox.flush();
      },
      onEvent: (event) => {
        const epoch = this.sync.epoch;
        this.queue.post(() => {
          if (epoch !== this.sync.epoch) return; // pushed to a session that has ended since
          deps.onPush(event);
        });
      },
      onState: (state) => this.#setNetState(state),
      onKicked: (type) => deps.onKicked(type),
      onAttemptFailed: () => this.#probeAuth(),
    });
  }

  /**
   * Before SDK_READY: the conversation list as the starting state and the push connection, both while login
   * checks the userSig (decision 0009: each is a round trip). Connection states are held back until login
   * succeeds (releaseNetState), so a failed login announces nothing. Any order is safe: the sync queue runs the
   * resync that hello asks for after the initial sync.
   * With a snapshot's first page (rule SDK9) nothing here waits for the network: the socket connects in the
   * background, and its hello asks for everything changed since the snapshot's cursor, so a message stored
   * between the snapshot and the hello is fetched then (and its push, if any, is the same sequence: one delivery).
   */
  async start(preloaded?: ConversationList): Promise<void> {
    this.#heldStates = [];
    this.#watchNetwork(true);
    this.#firstConnect = null;
    if (preloaded) {
      await this.sync.initialSync(preloaded);
      this.#firstConnect = this.#push.start();
    } else {
      await Promise.all([this.sync.initialSync(), this.#push.start()]);
    }
    // What the last page left unsent or failed is back before SDK_READY, so getMessageList lists it (SDK8); with a
    // snapshot, the resumed sends go on in the background.
    const waitMs = preloaded ? 0 : this.#deps.timing.connectTimeoutMs;
    await this.outbox.restore(this.#deps.userID(), (m) => this.messages.put(m), waitMs);
  }

  /**
   * Login succeeded: announce the connection states reached meanwhile, in order, before SDK_READY. With a start
   * snapshot the first connection is still under way: its states follow once it connects or fails, so the first
   * connection is not reported as a network problem (a banner) any more than in an ordinary login.
   */
  releaseNetState(): void {
    const held = this.#heldStates;
    const release = () => {
      if (this.#heldStates !== held || !held) return; // stopped, or another login's states since
      this.#heldStates = null;
      for (const state of held) this.#deps.emitter.emit(EVENT.NET_STATE_CHANGE, { state });
    };
    if (this.#firstConnect) void this.#firstConnect.then(release);
    else release();
  }

  readonly #offline = () => this.#push.pause();
  readonly #online = () => this.#push.resume();

  /** Browsers announce losing and regaining the network; Node has no such events and relies on heartbeats. */
  #watchNetwork(on: boolean): void {
    const target = globalThis as { addEventListener?: unknown; removeEventListener?: unknown };
    if (typeof target.addEventListener !== 'function' || typeof target.removeEventListener !== 'function') return;
    const method = (on ? target.addEventListener : target.removeEventListener) as (t: string, l: () => void) => void;
    method.call(globalThis, 'offline', this.#offline);
    method.call(globalThis, 'online', this.#online);
  }

  /** After SDK_READY: the application gets the list and the unread total once, then on every change. */
  becameReady(): void {
    this.#listEvent.schedule();
    this.#unreadEvent.schedule();
  }

  /** A recall or modification reaches the list's preview (KACT23). */
  readonly #changedInPlace = (event: { data?: unknown }) => {
    if (Array.isArray(event.data)) this.conversations.messageChanged(event.data as Message[]);
  };

  stop(reason: ChatError): void {
    this.#deps.emitter.off(EVENT.MESSAGE_REVOKED, this.#changedInPlace);
    this.#deps.emitter.off(EVENT.MESSAGE_MODIFIED, this.#changedInPlace);
    this.#watchNetwork(false);
    this.#push.stop();
    this.outbox.cancelAll(reason);
    this.sync.reset();
    this.conversations.reset();
    this.messages.reset();
    this.#listEvent.cancel();
    this.#unreadEvent.cancel();
    this.#lastUnread = undefined;
    this.#netState = undefined;
    this.#heldStates = null;
    this.#firstConnect = null;
  }

  /** Milliseconds, like TIM 3.x: the local clock corrected by the offset learned at the last hello. */
  serverTime(): number {
    return Date.now() + this.#serverOffsetMs;
  }

  #emitList(): void {
    if (!this.#deps.isReady()) return;
    this.#deps.emitter.emit(EVENT.CONVERSATION_LIST_UPDATED, [...this.conversations.list()], {
      isSyncCompleted: true,
    });
  }

  #emitUnread(): void {
    if (!this.#deps.isReady()) return;
    const total = this.conversations.totalUnread();
    if (total === this.#lastUnread) return;
    this.#lastUnread = total;
    this.#deps.emitter.emit(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, total);
  }

  #setNetState(state: NetState): void {
    if (state === this.#netState) return;
    this.#netState = state;
    if (this.#heldStates) this.#heldStates.push(state);
    else this.#deps.emitter.emit(EVENT.NET_STATE_CHANGE, { state });
  }

  /** A connect attempt failed: if the session ended (expired, signed out, revoked), retrying is pointless. */
  #probeAuth(): void {
    if (!this.#deps.isReady()) return;
    this.#deps.http.get(ROUTES.myProfile).catch((err: unknown) => this.#authFailed(toChatError(err)));
  }

  #authFailed(err: ChatError): void {
    const kick = kickTypeOf(err);
    if (kick) this.#deps.onKicked(kick);
  }
}
