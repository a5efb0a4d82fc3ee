import type { PushEvent, WireMessage } from '@parley/protocol';
import { ApiClient } from './api-client.ts';
import type { Delivered, Device } from './device.ts';
import { keepAliveAgent } from './http-json.ts';
import { type Rand, fork } from './prng.ts';
import { PushSocket } from './push-socket.ts';
import { readWithRetry, sendWithRetry } from './send-with-retry.ts';

export interface MinClientOptions {
  userID: string;
  userSig: string;
  port: number;
  rand: Rand;
  /** Each peer message, once, in sequence order per conversation. */
  onMessage: (m: WireMessage) => void;
  /** Message IDs are `<idPrefix>-<n>`. */
  idPrefix?: string;
}

const CATCH_UP_DEADLINE_MS = 30_000;

/**
 * The smallest client that follows GUIDE §3: sends over HTTP with retries under one ID, treats push
 * as a hint, and delivers each conversation strictly in sequence order, catching up by `afterSeq`
 * on every (re)connect and on every gap. R1 runs it with `--client minimal`: the same scenario on a
 * client this small tells a server fault from an SDK fault.
 */
export class MinimalClient implements Device {
  readonly api: ApiClient;
  private readonly socket: PushSocket;
  private readonly rand: Rand;
  /** Highest sequence delivered contiguously, per peer. */
  private readonly last = new Map<string, number>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly queued = new Set<string>();
  private sent = 0;

  constructor(private readonly o: MinClientOptions) {
    this.rand = fork(o.rand);
    this.api = new ApiClient(o.userID, o.userSig, o.port, keepAliveAgent(4));
    this.socket = new PushSocket({
      port: o.port,
      userSig: o.userSig,
      rand: fork(o.rand),
      onHello: () => void this.syncAll().catch(() => undefined),
      onEvent: (e) => this.onEvent(e),
    });
  }

  get userID(): string {
    return this.o.userID;
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  get connects(): number {
    return this.socket.connects;
  }

  async start(): Promise<void> {
    this.socket.start();
  }

  async close(): Promise<void> {
    this.socket.close();
  }

  send(to: string, text: string, deadlineAt: number, onID: (ID: string) => void): Promise<Delivered | undefined> {
    const ID = `${this.o.idPrefix ?? this.o.userID}-${this.sent++}`;
    onID(ID);
    return sendWithRetry(this.api, { ID, to, text }, { rand: this.rand, deadlineAt });
  }

  /** Catches up every conversation whose last sequence is past what was delivered. */
  async syncAll(): Promise<void> {
    const deadlineAt = Date.now() + CATCH_UP_DEADLINE_MS;
    const list = await readWithRetry(() => this.api.conversations(), this.rand, deadlineAt);
    await Promise.all(
      list.conversationList
        .filter((c) => c.lastSequence > (this.last.get(c.conversationID.slice(3)) ?? 0))
        .map((c) => this.catchUp(c.conversationID.slice(3))),
    );
  }

  private onEvent(e: PushEvent): void {
    if (e.type !== 'message.new') return;
    const m = e.message;
    const peer = this.peerOf(m);
    const last = this.last.get(peer) ?? 0;
    if (m.sequence === last + 1) this.accept(m);
    else if (m.sequence > last + 1) void this.catchUp(peer);
  }

  private peerOf(m: WireMessage): string {
    return m.from === this.o.userID ? m.to : m.from;
  }

  /** Delivers `m` only if it is the next one: nothing twice, nothing out of order. */
  private accept(m: WireMessage): void {
    const peer = this.peerOf(m);
    if (m.sequence !== (this.last.get(peer) ?? 0) + 1) return;
    this.last.set(peer, m.sequence);
    if (m.from !== this.o.userID) this.o.onMessage(m);
  }

  /** One pull per peer at a time; a request while one is queued joins it. */
  private catchUp(peer: string): Promise<void> {
    const current = this.chains.get(peer);
    if (current && this.queued.has(peer)) return current;
    this.queued.add(peer);
    const next = (current ?? Promise.resolve())
      .then(() => {
        this.queued.delete(peer);
        return this.pull(peer);
      })
      .catch(() => undefined);
    this.chains.set(peer, next);
    return next;
  }

  private async pull(peer: string): Promise<void> {
    const deadlineAt = Date.now() + CATCH_UP_DEADLINE_MS;
    for (let page = 0; page < 10_000; page += 1) {
      const after = this.last.get(peer) ?? 0;
      const list = await readWithRetry(() => this.api.after(peer, after), this.rand, deadlineAt);
      for (const m of list.messageList) this.accept(m);
      if (list.isCompleted || list.messageList.length === 0) return;
    }
  }
}
