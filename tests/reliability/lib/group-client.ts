import type http from 'node:http';
import {
  GROUP_ROUTES,
  MESSAGE_ROUTES,
  type MessageList,
  type PushEvent,
  type WireMessage,
  conversationPath,
} from '@parley/protocol';
import { AttemptError } from './api-client.ts';
import { keepAliveAgent, requestJson } from './http-json.ts';
import { type Rand, fork } from './prng.ts';
import { PushSocket } from './push-socket.ts';
import { backoffMs, delay } from './wait.ts';

const CATCH_UP_DEADLINE_MS = 30_000;

export interface GroupClientOptions {
  userID: string;
  userSig: string;
  port: number;
  rand: Rand;
  groupIDs: readonly string[];
  /** Each text message of another member, once, in sequence order per group. */
  onMessage: (m: WireMessage) => void;
}

/**
 * The minimal client of R1 for groups (GUIDE §3): sends over HTTP with retries under one ID, treats push as a
 * hint, and takes each group's stream strictly in sequence order (tips included), catching up by `afterSeq` on
 * every (re)connect and on every gap.
 */
export class GroupClient {
  private readonly socket: PushSocket;
  private readonly agent: http.Agent = keepAliveAgent(4);
  private readonly last = new Map<string, number>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly queued = new Set<string>();
  private sent = 0;

  constructor(private readonly o: GroupClientOptions) {
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
  start(): void {
    this.socket.start();
  }
  close(): void {
    this.socket.close();
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let res: Awaited<ReturnType<typeof requestJson>>;
    try {
      const headers = { authorization: `Bearer ${this.o.userSig}` };
      res = await requestJson({ port: this.o.port, method, path, headers, body, agent: this.agent, timeoutMs: 2000 });
    } catch (err) {
      throw new AttemptError(err instanceof Error ? err.message : String(err), true);
    }
    if (res.status === 200) return res.body;
    throw new AttemptError(
      `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`,
      res.status >= 500 || res.status === 429,
    );
  }

  /** Sends until acknowledged, always under the same ID (M1); undefined when the deadline passed first. */
  async send(groupID: string, text: string, deadlineAt: number, onID: (ID: string) => void) {
    const ID = `r1g-${this.o.userID}-${this.sent++}`;
    onID(ID);
    const body = { ID, conversationType: 'GROUP', to: groupID, type: 'TIMTextElem', payload: { text } };
    for (let attempt = 0; Date.now() < deadlineAt; attempt += 1) {
      try {
        return ((await this.call('POST', MESSAGE_ROUTES.send, body)) as { message: WireMessage }).message;
      } catch (err) {
        if (!(err instanceof AttemptError) || !err.retryable) throw err;
        await delay(backoffMs(attempt, 20, 400, this.o.rand()));
      }
    }
    return undefined;
  }

  async syncAll(): Promise<void> {
    await Promise.all(this.o.groupIDs.map((g) => this.catchUp(g)));
  }

  private onEvent(e: PushEvent): void {
    if (e.type !== 'message.new' || e.message.conversationType !== 'GROUP') return;
    const m = e.message;
    const last = this.last.get(m.to) ?? 0;
    if (m.sequence === last + 1) this.accept(m);
    else if (m.sequence > last + 1) void this.catchUp(m.to);
  }

  private accept(m: WireMessage): void {
    if (m.sequence !== (this.last.get(m.to) ?? 0) + 1) return;
    this.last.set(m.to, m.sequence);
    if (m.from !== this.o.userID && m.type === 'TIMTextElem') this.o.onMessage(m);
  }

  private catchUp(groupID: string): Promise<void> {
    const current = this.chains.get(groupID);
    if (current && this.queued.has(groupID)) return current;
    this.queued.add(groupID);
    const next = (current ?? Promise.resolve())
      .then(() => {
        this.queued.delete(groupID);
        return this.pull(groupID);
      })
      .catch(() => undefined);
    this.chains.set(groupID, next);
    return next;
  }

  private async pull(groupID: string): Promise<void> {
    const deadlineAt = Date.now() + CATCH_UP_DEADLINE_MS;
    const base = conversationPath(MESSAGE_ROUTES.messages, `GROUP${groupID}`);
    for (let page = 0; page < 10_000; page += 1) {
      const after = this.last.get(groupID) ?? 0;
      let list: MessageList | undefined;
      for (let attempt = 0; !list; attempt += 1) {
        try {
          list = (await this.call('GET', `${base}?afterSeq=${after}&count=100`)) as MessageList;
        } catch (err) {
          if (!(err instanceof AttemptError) || !err.retryable || Date.now() > deadlineAt) throw err;
          await delay(backoffMs(attempt, 20, 400, this.o.rand()));
        }
      }
      for (const m of list.messageList) this.accept(m);
      if (list.isCompleted || list.messageList.length === 0) return;
    }
  }
}

/** Creates a Work group straight on the server (not through the proxy) with these members. */
export async function createGroup(port: number, ownerSig: string, groupID: string, members: readonly string[]) {
  const res = await requestJson({
    port,
    method: 'POST',
    path: GROUP_ROUTES.groups,
    headers: { authorization: `Bearer ${ownerSig}` },
    body: { groupID, name: groupID, memberList: members.map((userID) => ({ userID })) },
    timeoutMs: 10_000,
  });
  if (res.status !== 200) throw new Error(`create group ${groupID}: ${res.status} ${JSON.stringify(res.body)}`);
}
