import { errorByCode, ERRORS, MESSAGE_ROUTES, type SendMessage, type WireMessage } from '@parley/protocol';
import { backoffDelay } from '../core/backoff.ts';
import { ChatError, toChatError } from '../core/errors.ts';
import type { HttpClient } from '../core/http.ts';
import type { Logger } from '../core/logger.ts';
import type { Timing } from '../core/timing.ts';
import { type Message, messageKey } from './message.ts';
import {
  browserStorage,
  fromRecord,
  type KeeperStorage,
  type OutboxKeeper,
  openKeeper,
  toRecord,
} from './outbox-keeper.ts';

interface Entry {
  message: Message;
  resolve: (message: Message) => void;
  reject: (err: ChatError) => void;
  attempts: number;
  settled: boolean;
  /** Milliseconds: when the first attempt was queued (kept across a reload, so the deadline is too). */
  sentAt: number;
  /** Fails the message when it is still unacknowledged after timing.sendTimeoutMs. */
  deadline: ReturnType<typeof setTimeout> | undefined;
}

interface Deps {
  http: HttpClient;
  logger: Logger;
  timing: Timing;
  random: () => number;
  /** Applies the server's copy (sequence, time) to the SDK's state; resolves once applied. */
  onStored: (message: Message, wire: WireMessage) => Promise<void>;
  /** A failure that ends the session (70001): the caller kicks. */
  onAuthError: (err: ChatError) => void;
  /**
   * The push socket, when one is open to a server that takes send frames: sends go there and fall back to HTTP
   * otherwise (rule SDK60). Returns undefined when the socket cannot take the send.
   */
  socket?: () => { sendMessage(body: SendMessage): Promise<WireMessage> | undefined } | undefined;
  /** Where unsent and failed messages survive a reload (SDK8); default localStorage, none in Node. */
  storage?: () => KeeperStorage | undefined;
  /**
   * Whether the push connection is up. While it is down a queued send does not time out (decision 0032, rule
   * UI23): it waits for the connection and goes out by itself, unless the application cancels it.
   */
  online?: () => boolean;
}

/** Transport failures and the server's "try again" codes: the message stays unSend and is sent again. */
export function isRetryable(err: ChatError): boolean {
  if (err.code === ERRORS.NETWORK_ERROR.code || err.code === ERRORS.NETWORK_TIMEOUT.code) return true;
  const spec = errorByCode(err.code);
  return spec !== undefined && spec.httpStatus > 0 && spec.retryable;
}

export function toSendBody(message: Message): SendMessage {
  const body: SendMessage = {
    ID: message.ID,
    conversationType: message.conversationType as SendMessage['conversationType'],
    to: message.to,
    type: message.type as SendMessage['type'],
    payload: message.payload,
    cloudCustomData: message.cloudCustomData,
    needReadReceipt: message.needReadReceipt,
    priority: message.priority as NonNullable<SendMessage['priority']>,
    clientTime: message.clientTime,
  };
  if (message.atUserList.length > 0) body.atUserList = message.atUserList;
  return body;
}

/** The rejection of sendMessage: the server's (or transport's) error with the message in `data.message`. */
export function sendFailure(err: unknown, message: Message): ChatError {
  const error = toChatError(err);
  return new ChatError(error.code, error.message, { ...error.data, message });
}

/**
 * Messages on their way to the server. Each conversation is a FIFO sent one at a time, so the server assigns
 * sequences in the order the user sent (GUIDE §3.2). A message keeps its ID through every attempt; transport
 * failures keep it `unSend` and it goes again after a backoff or as soon as the push connection is back, which
 * is safe because the server stores one message per (sender, ID) (rule M1). Any other refusal fails it at once,
 * and so does waiting longer than timing.sendTimeoutMs (2801), so the user can see it and resend.
 */
export class Outbox {
  readonly #deps: Deps;
  readonly #queues = new Map<string, Entry[]>();
  readonly #pumping = new Set<string>();
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #byKey = new Map<string, Entry>();
  /** Failed messages of this login, kept (in storage too) until resent, settled or forgotten (SDK8). */
  readonly #kept = new Map<string, Message>();
  #keeper: OutboxKeeper | undefined;

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  /** Resolves when the server stored the message; rejects when it refused it. */
  send(message: Message): Promise<Message> {
    const pending = this.#byKey.get(messageKey(message.from, message.ID));
    if (pending) return new Promise((resolve, reject) => this.#chain(pending, resolve, reject));
    this.#kept.delete(messageKey(message.from, message.ID));
    return this.#enqueue(message, Date.now(), this.#deps.timing.sendTimeoutMs);
  }

  /**
   * A login starts: the messages the last page of this user left unsent or failed come back into `remember` (the
   * message store) before the application can ask for them. Unsent ones still within their deadline are sent
   * again with their ID (M1 makes that safe); the wait for them is capped at `waitMs`. The rest are 'fail'.
   */
  async restore(userID: string, remember: (message: Message) => void, waitMs: number): Promise<void> {
    const storage = (this.#deps.storage ?? browserStorage)();
    this.#keeper = storage ? openKeeper(storage, userID) : undefined;
    const records = (this.#keeper?.load() ?? []).sort(
      (a, b) => a.sentAt - b.sentAt || a.clientSequence - b.clientSequence,
    );
    const now = Date.now();
    const resumed: Promise<unknown>[] = [];
    for (const [i, record] of records.entries()) {
      const message = fromRecord(record);
      // This page numbers its own sends from 1 again: the kept ones go before them, in their old order.
      message.clientSequence = i - records.length;
      remember(message);
      const left = record.sentAt + this.#deps.timing.sendTimeoutMs - now;
      if (record.status === 'unSend' && left > 0) {
        resumed.push(this.#enqueue(message, record.sentAt, left).catch(() => undefined));
      } else {
        message.status = 'fail';
        this.#keep(message, record.sentAt);
      }
    }
    if (resumed.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cap = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([Promise.allSettled(resumed), cap]);
    clearTimeout(timer);
  }

  /** The application deleted a message the server never stored: it is not kept any longer. */
  forget(from: string, ID: string): void {
    this.#kept.delete(messageKey(from, ID));
    this.#keeper?.remove(from, ID);
  }

  /**
   * The user cancelled a send that has not reached the server (decision 0032, rule UI24): it leaves the queue, is
   * not kept, and its sendMessage rejects (2100). An attempt already on the wire cannot be called back: if the server
   * stores it, the message shows up as any of the user's own messages do, through catch-up.
   */
  cancel(from: string, ID: string): void {
    const entry = this.#byKey.get(messageKey(from, ID));
    this.forget(from, ID);
    if (!entry) return;
    const conversationID = entry.message.conversationID;
    const queue = this.#queues.get(conversationID);
    const head = queue?.[0] === entry;
    this.#fail(entry, new ChatError(ERRORS.MSG_SEND_FAIL.code, 'The send was cancelled'));
    this.forget(from, ID);
    if (!head) {
      if (queue) queue.splice(queue.indexOf(entry), 1);
      return;
    }
    // The head waited out a backoff: the messages behind it go now.
    const timer = this.#timers.get(conversationID);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.#timers.delete(conversationID);
    void this.#pump(conversationID);
  }

  #enqueue(message: Message, sentAt: number, timeoutMs: number): Promise<Message> {
    message.status = 'unSend';
    this.#keeper?.put(toRecord(message, sentAt));
    return new Promise<Message>((resolve, reject) => {
      const entry: Entry = { message, resolve, reject, attempts: 0, settled: false, deadline: undefined, sentAt };
      entry.deadline = setTimeout(() => this.#expire(entry), timeoutMs);
      this.#byKey.set(messageKey(message.from, message.ID), entry);
      const queue = this.#queues.get(message.conversationID) ?? [];
      queue.push(entry);
      this.#queues.set(message.conversationID, queue);
      void this.#pump(message.conversationID);
    });
  }

  /** The server's copy reached us another way (our own push, a catch-up): the send is done, whatever HTTP says. */
  settle(from: string, ID: string): void {
    // A failed send whose first attempt did reach the server (its answer was lost): stored, so not kept.
    if (this.#kept.delete(messageKey(from, ID))) this.#keeper?.remove(from, ID);
    const entry = this.#byKey.get(messageKey(from, ID));
    if (!entry) return;
    this.#succeed(entry);
    // The head may have been waiting out a backoff: the messages behind it need not wait any longer.
    const conversationID = entry.message.conversationID;
    const timer = this.#timers.get(conversationID);
    if (timer !== undefined) clearTimeout(timer);
    this.#timers.delete(conversationID);
    void this.#pump(conversationID);
  }

  /** The connection is back: everything waiting goes now instead of at the end of its backoff. */
  flush(): void {
    for (const conversationID of this.#queues.keys()) {
      const timer = this.#timers.get(conversationID);
      if (timer !== undefined) clearTimeout(timer);
      this.#timers.delete(conversationID);
      void this.#pump(conversationID);
    }
  }

  /**
   * The session ended: nothing can be sent any more. What was on its way is kept as failed for the next login of
   * this user, unless the user logged out: a sign-out (on a shared computer, say) leaves nothing of theirs behind.
   */
  cancelAll(err: ChatError): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    for (const entry of [...this.#byKey.values()]) this.#fail(entry, err);
    this.#queues.clear();
    if (err.code === ERRORS.LOGGED_OUT.code) this.#keeper?.clear();
    this.#kept.clear();
    this.#keeper = undefined;
  }

  async #pump(conversationID: string): Promise<void> {
    if (this.#pumping.has(conversationID) || this.#timers.has(conversationID)) return;
    this.#pumping.add(conversationID);
    try {
      for (;;) {
        const queue = this.#queues.get(conversationID);
        const entry = queue?.[0];
        if (!queue || !entry) {
          this.#queues.delete(conversationID);
          return;
        }
        if (!entry.settled && !(await this.#attempt(entry, conversationID))) return;
        queue.shift();
      }
    } finally {
      this.#pumping.delete(conversationID);
    }
  }

  /** One attempt; false means "wait": the entry stays at the head and a retry is scheduled. */
  async #attempt(entry: Entry, conversationID: string): Promise<boolean> {
    try {
      const body = toSendBody(entry.message);
      const overSocket = this.#deps.socket?.()?.sendMessage(body);
      const wire = overSocket
        ? await overSocket
        : (await this.#deps.http.post<{ message: WireMessage }>(MESSAGE_ROUTES.send, body)).message;
      if (!entry.settled) {
        await this.#deps.onStored(entry.message, wire);
        this.#succeed(entry);
      } else if (entry.message.status === 'fail') {
        // It timed out while this attempt was on its way, yet the server stored it: show the truth.
        entry.message.status = 'success';
        await this.#deps.onStored(entry.message, wire);
      }
      return true;
    } catch (err) {
      if (entry.settled) return true;
      const error = toChatError(err);
      if (!isRetryable(error)) {
        if (error.code === ERRORS.USERSIG_EXPIRED.code) this.#deps.onAuthError(error);
        if (error.code === ERRORS.PROHIBITED_CONTENT.code) entry.message.hasRiskContent = true;
        this.#fail(entry, error);
        return true;
      }
      entry.attempts += 1;
      const { reconnectBaseMs, reconnectCapMs } = this.#deps.timing;
      const delay = backoffDelay(entry.attempts, reconnectBaseMs, reconnectCapMs, this.#deps.random);
      this.#deps.logger.warn(`send ${entry.message.ID} failed (${error.code}); retrying in ${delay} ms`);
      this.#timers.set(
        conversationID,
        setTimeout(() => {
          this.#timers.delete(conversationID);
          void this.#pump(conversationID);
        }, delay),
      );
      return false;
    }
  }

  /**
   * The send waited too long: it fails (2801) and leaves the queue, and the messages behind it go on. A later
   * resend carries the same ID, so if an attempt did reach the server the message is still stored once (M1).
   */
  #expire(entry: Entry): void {
    if (entry.settled) return;
    if (this.#deps.online?.() === false) {
      // Offline, the wait is the connection's, not the server's (UI23): the send waits for the connection.
      entry.deadline = setTimeout(() => this.#expire(entry), this.#deps.timing.sendTimeoutMs);
      return;
    }
    this.#fail(entry, new ChatError(ERRORS.NETWORK_TIMEOUT.code, ERRORS.NETWORK_TIMEOUT.message));
    const conversationID = entry.message.conversationID;
    if (this.#queues.get(conversationID)?.[0] !== entry) return;
    const timer = this.#timers.get(conversationID);
    if (timer !== undefined) clearTimeout(timer);
    this.#timers.delete(conversationID);
    void this.#pump(conversationID);
  }

  #succeed(entry: Entry): void {
    if (entry.settled) return;
    clearTimeout(entry.deadline);
    entry.settled = true;
    entry.message.status = 'success';
    this.#byKey.delete(messageKey(entry.message.from, entry.message.ID));
    this.#keeper?.remove(entry.message.from, entry.message.ID);
    entry.resolve(entry.message);
  }

  #fail(entry: Entry, err: unknown): void {
    if (entry.settled) return;
    clearTimeout(entry.deadline);
    entry.settled = true;
    entry.message.status = 'fail';
    this.#byKey.delete(messageKey(entry.message.from, entry.message.ID));
    this.#keep(entry.message, entry.sentAt);
    entry.reject(sendFailure(err, entry.message));
  }

  #keep(message: Message, sentAt: number): void {
    this.#kept.set(messageKey(message.from, message.ID), message);
    this.#keeper?.put(toRecord(message, sentAt));
  }

  /** A second sendMessage of a message still on its way shares the first one's outcome. */
  #chain(entry: Entry, resolve: (m: Message) => void, reject: (e: ChatError) => void): void {
    const { resolve: first, reject: firstReject } = entry;
    entry.resolve = (m) => {
      first(m);
      resolve(m);
    };
    entry.reject = (e) => {
      firstReject(e);
      reject(e);
    };
  }
}
