import type http from 'node:http';
import {
  type ConversationList,
  MESSAGE_ROUTES,
  type MessageList,
  type WireMessage,
  conversationPath,
} from '@parley/protocol';
import { requestJson } from './http-json.ts';

/** A failed attempt: the network broke, the server is away, or it answered with an error. */
export class AttemptError extends Error {
  constructor(
    message: string,
    /** Worth retrying with the same message ID (network, 5xx, 429). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface TextSend {
  ID: string;
  to: string;
  text: string;
}

/** The messaging HTTP API as one user sees it; every call is one attempt, retries are the caller's. */
export class ApiClient {
  constructor(
    readonly userID: string,
    private readonly userSig: string,
    private readonly port: number,
    private readonly agent: http.Agent,
    private readonly timeoutMs = 2000,
  ) {}

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let res: Awaited<ReturnType<typeof requestJson>>;
    try {
      res = await requestJson({
        port: this.port,
        method,
        path,
        headers: { authorization: `Bearer ${this.userSig}` },
        body,
        agent: this.agent,
        timeoutMs: this.timeoutMs,
      });
    } catch (err) {
      throw new AttemptError(err instanceof Error ? err.message : String(err), true);
    }
    if (res.status === 200) return res.body;
    const retryable = res.status >= 500 || res.status === 429;
    throw new AttemptError(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`, retryable);
  }

  async send(m: TextSend): Promise<WireMessage> {
    const body = { ID: m.ID, conversationType: 'C2C', to: m.to, type: 'TIMTextElem', payload: { text: m.text } };
    return ((await this.call('POST', MESSAGE_ROUTES.send, body)) as { message: WireMessage }).message;
  }

  /** Catch-up: the messages after `afterSeq`, oldest first (rule SYNC2). */
  async after(peer: string, afterSeq: number, count = 100): Promise<MessageList> {
    const path = `${conversationPath(MESSAGE_ROUTES.messages, `C2C${peer}`)}?afterSeq=${afterSeq}&count=${count}`;
    return (await this.call('GET', path)) as MessageList;
  }

  async conversations(): Promise<ConversationList> {
    return (await this.call('GET', MESSAGE_ROUTES.conversations)) as ConversationList;
  }

  /** The whole history of the conversation with `peer`, oldest first, paging by sequence. */
  async fullHistory(peer: string): Promise<WireMessage[]> {
    const all: WireMessage[] = [];
    for (let page = 0; page < 10_000; page += 1) {
      const last = all.at(-1)?.sequence ?? 0;
      const list = await this.after(peer, last);
      all.push(...list.messageList);
      if (list.isCompleted || list.messageList.length === 0) return all;
    }
    throw new Error(`history of ${this.userID}/${peer} did not end`);
  }
}
