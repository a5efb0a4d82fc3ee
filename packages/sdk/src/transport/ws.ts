import {
  type PushEvent,
  SEND_FRAME_PROTOCOL,
  type SendMessage,
  type ServerFrame,
  type WireMessage,
  WS,
} from '@parley/protocol';
import { TYPES, type NetState } from '../constants/types.ts';
import { backoffDelay } from '../core/backoff.ts';
import { ChatError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import type { Timing } from '../core/timing.ts';

/**
 * Handlers are typed `(event: never) => unknown` on purpose: it is the one type that both the browser's
 * WebSocket and the `ws` package's class are assignable to, so either can be passed to `create({WebSocket})`.
 */
type Handler = ((event: never) => unknown) | null;

/** The part of the browser WebSocket API the SDK uses. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: Handler;
  onmessage: Handler;
  onclose: Handler;
  onerror: Handler;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

const OPEN = 1;
/** A send frame whose ack has not come by then is retried (the server acks after its commit, in milliseconds). */
const ACK_TIMEOUT_MS = 10_000;

interface Ack {
  resolve: (message: WireMessage) => void;
  reject: (err: ChatError) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** `ws://` or `wss://` to the server's push path, with the userSig as a query parameter (browsers cannot set headers). */
export function pushURL(serverURL: string, userSig: string): string {
  const base = (serverURL || globalThis.location?.origin || 'http://localhost').replace(/\/+$/, '');
  // Keeps a path prefix (a server mounted under /chat/ behind a proxy) and swaps only the scheme.
  const url = new URL(`${base}${WS.path}`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = `userSig=${encodeURIComponent(userSig)}`;
  return url.toString();
}

export interface PushDeps {
  url: () => string;
  WebSocket: () => WebSocketConstructor | undefined;
  timing: Timing;
  random: () => number;
  logger: Logger;
  onHello: (frame: Extract<ServerFrame, { type: 'hello' }>) => void;
  onEvent: (event: PushEvent) => void;
  onState: (state: NetState) => void;
  /** The server ended the session (kicked frame or close 4001). No reconnect follows. */
  onKicked: (reason: string) => void;
  /** An attempt closed before hello: the caller may check whether the userSig is still good. */
  onAttemptFailed: () => void;
}

/**
 * The push connection: one WebSocket, kept alive by pings both ways, replaced after a backoff with full jitter
 * whenever it drops. It knows nothing of messages; it hands frames to the SDK.
 */
export class PushConnection {
  readonly #deps: PushDeps;
  #running = false;
  #socket: WebSocketLike | null = null;
  #helloSeen = false;
  #kickedReason: string | null = null;
  #failures = 0;
  #lastFrameAt = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #firstOutcome: (() => void) | null = null;
  /** The platform reported the network offline: no socket and no retries until it reports online. */
  #paused = false;
  /** The protocol version the server said hello with; send frames need SEND_FRAME_PROTOCOL. */
  #protocol = 0;
  #refs = 0;
  /** Send frames waiting for their ack, by ref. */
  readonly #acks = new Map<string, Ack>();

  constructor(deps: PushDeps) {
    this.#deps = deps;
  }

  get connected(): boolean {
    return this.#socket !== null && this.#helloSeen;
  }

  /**
   * Sends a message as a `send` frame on the open socket (rule SDK60); resolves with the stored message of the
   * ack, rejects with the ack's error, or with a retryable network error when the socket drops first or the ack
   * does not come within ACK_TIMEOUT_MS. Undefined when there is no open socket of a server that takes send frames:
   * the caller sends over HTTP instead.
   */
  sendMessage(body: SendMessage): Promise<WireMessage> | undefined {
    const socket = this.#socket;
    if (!socket || !this.#helloSeen || socket.readyState !== OPEN || this.#protocol < SEND_FRAME_PROTOCOL) {
      return undefined;
    }
    this.#refs += 1;
    const ref = String(this.#refs);
    return new Promise<WireMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#acks.delete(ref);
        reject(ChatError.from('NETWORK_TIMEOUT', undefined, { reason: 'no ack on the push socket' }));
      }, ACK_TIMEOUT_MS);
      this.#acks.set(ref, { resolve, reject, timer });
      socket.send(JSON.stringify({ type: 'send', ref, message: body }));
    });
  }

  #ack(frame: Extract<ServerFrame, { type: 'ack' }>): void {
    const pending = this.#acks.get(frame.ref);
    if (!pending) return;
    this.#acks.delete(frame.ref);
    clearTimeout(pending.timer);
    if ('message' in frame) {
      pending.resolve(frame.message);
      return;
    }
    const { code, message, retryAfter } = frame.error;
    pending.reject(new ChatError(code, message, retryAfter === undefined ? {} : { retryAfter }));
  }

  /** The socket is gone: what waited for an ack is retried by the outbox, with the same ID (M1 makes that safe). */
  #failAcks(): void {
    for (const pending of this.#acks.values()) {
      clearTimeout(pending.timer);
      pending.reject(ChatError.from('NETWORK_ERROR', undefined, { reason: 'push socket closed before the ack' }));
    }
    this.#acks.clear();
  }

  /** Opens the connection; resolves once the first attempt said hello, failed, or took too long. */
  start(): Promise<void> {
    if (this.#running) return Promise.resolve();
    if (!this.#deps.WebSocket()) {
      this.#deps.logger.warn('no WebSocket implementation: push is off. In Node, pass create({ WebSocket }).');
      return Promise.resolve();
    }
    this.#running = true;
    this.#failures = 0;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.#settleFirst(), this.#deps.timing.connectTimeoutMs);
      this.#firstOutcome = () => {
        clearTimeout(timer);
        resolve();
      };
      this.#connect();
    });
  }

  stop(): void {
    this.#running = false;
    this.#paused = false;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    this.#drop(1000);
    this.#settleFirst();
  }

  /**
   * The platform says the network is gone (a browser's 'offline' event). A socket can look open for a minute
   * after the link died; drop it now so the app shows the network banner at once, and wait for 'online'.
   */
  pause(): void {
    if (!this.#running || this.#paused) return;
    this.#paused = true;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    this.#drop(4000);
    this.#helloSeen = false;
    this.#deps.onState(TYPES.NET_STATE_DISCONNECTED);
  }

  /** The network is back: reconnect now instead of at the end of a backoff. */
  resume(): void {
    if (!this.#running || !this.#paused) return;
    this.#paused = false;
    this.#failures = 0;
    this.#connect();
  }

  #connect(): void {
    const Ctor = this.#deps.WebSocket();
    if (!this.#running || this.#paused || !Ctor) return;
    this.#deps.onState(TYPES.NET_STATE_CONNECTING);
    this.#helloSeen = false;
    this.#kickedReason = null;
    let socket: WebSocketLike;
    try {
      socket = new Ctor(this.#deps.url());
    } catch (err) {
      this.#deps.logger.warn('WebSocket could not be created:', err);
      this.#afterClose(1006);
      return;
    }
    this.#socket = socket;
    this.#lastFrameAt = Date.now();
    socket.onmessage = (event: { data: unknown }) => this.#frame(event.data);
    socket.onclose = (event: { code: number }) => {
      if (this.#socket === socket) this.#afterClose(event.code);
    };
    socket.onerror = () => undefined; // a close event always follows
    this.#heartbeat = setInterval(() => this.#beat(), this.#deps.timing.heartbeatMs);
  }

  #frame(data: unknown): void {
    this.#lastFrameAt = Date.now();
    let frame: ServerFrame;
    try {
      frame = JSON.parse(typeof data === 'string' ? data : String(data)) as ServerFrame;
    } catch {
      return;
    }
    switch (frame.type) {
      case 'hello':
        this.#protocol = typeof frame.protocol === 'number' ? frame.protocol : 0;
        this.#helloSeen = true;
        this.#failures = 0;
        this.#deps.onState(TYPES.NET_STATE_CONNECTED);
        this.#settleFirst();
        this.#deps.onHello(frame);
        break;
      case 'ping':
        this.#send('{"type":"pong"}');
        break;
      case 'event':
        this.#deps.onEvent(frame.event);
        break;
      case 'kicked':
        this.#kickedReason = frame.reason;
        break;
      case 'ack':
        this.#ack(frame);
        break;
      default:
        break;
    }
  }

  /** Our ping keeps proxies from idling the socket out; silence past deadAfterMs means the link is gone. */
  #beat(): void {
    if (Date.now() - this.#lastFrameAt > this.#deps.timing.deadAfterMs) {
      this.#deps.logger.warn('push connection silent too long; reconnecting');
      const socket = this.#socket;
      this.#drop(4000);
      if (socket) this.#afterClose(1006);
      return;
    }
    this.#send('{"type":"ping"}');
  }

  #send(text: string): void {
    if (this.#socket?.readyState === OPEN) this.#socket.send(text);
  }

  /** Detaches and closes the current socket without waiting for its close event (a dead link may never send one). */
  #drop(code: number): void {
    this.#failAcks();
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
    const socket = this.#socket;
    this.#socket = null;
    if (!socket) return;
    socket.onmessage = null;
    socket.onclose = null;
    try {
      socket.close(code);
    } catch {
      // Closing a socket that is still connecting throws in some implementations; it is abandoned either way.
    }
  }

  #afterClose(code: number): void {
    const hadHello = this.#helloSeen;
    const kicked = this.#kickedReason ?? (code === WS.close.sessionEnded ? TYPES.KICKED_OUT_USERSIG_EXPIRED : null);
    this.#drop(1000);
    this.#helloSeen = false;
    if (!this.#running) return;
    if (kicked) {
      this.#running = false;
      this.#settleFirst();
      this.#deps.onKicked(kicked);
      return;
    }
    this.#deps.onState(TYPES.NET_STATE_DISCONNECTED);
    this.#settleFirst();
    if (!hadHello) this.#deps.onAttemptFailed();
    const { reconnectBaseMs, reconnectCapMs } = this.#deps.timing;
    const delay = backoffDelay(this.#failures, reconnectBaseMs, reconnectCapMs, this.#deps.random);
    this.#failures += 1;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#connect();
    }, delay);
  }

  #settleFirst(): void {
    const done = this.#firstOutcome;
    this.#firstOutcome = null;
    done?.();
  }
}
