/** The message actions' HTTP calls: modify, recall, delete, reactions, receipts, merged records. */
import {
  ACTION_ROUTES,
  type Changes,
  type CreateMerger,
  conversationPath,
  type MessageReactions,
  type SimplifiedMessage,
  type WireMessage,
} from '@parley/protocol';
import type { HttpClient } from '../core/http.ts';

const at = (template: string, conversationID: string, messageID?: string) =>
  conversationPath(template, conversationID, messageID);

export interface ReactionUserPage {
  userList: { userID: string; nick: string; avatar: string }[];
  nextSeq: number;
  isCompleted: boolean;
}

/** The wire of message actions (decision 0015): one method per route, nothing else. */
export class ActionClient {
  readonly #http: HttpClient;

  constructor(http: HttpClient) {
    this.#http = http;
  }

  async modify(conversationID: string, messageID: string, body: Record<string, unknown>): Promise<WireMessage> {
    return (await this.#http.post<{ message: WireMessage }>(at(ACTION_ROUTES.modify, conversationID, messageID), body))
      .message;
  }

  async revoke(conversationID: string, messageID: string): Promise<WireMessage> {
    return (await this.#http.post<{ message: WireMessage }>(at(ACTION_ROUTES.revoke, conversationID, messageID), {}))
      .message;
  }

  hide(conversationID: string, messageIDList: string[]): Promise<{ messageIDList: string[] }> {
    return this.#http.post(at(ACTION_ROUTES.hide, conversationID), { messageIDList });
  }

  changes(conversationID: string, after: number): Promise<Changes> {
    return this.#http.get(`${at(ACTION_ROUTES.changes, conversationID)}?after=${after}`);
  }

  react(conversationID: string, messageID: string, reactionID: string, add: boolean): Promise<unknown> {
    return this.#http.request(add ? 'POST' : 'DELETE', at(ACTION_ROUTES.reactions, conversationID, messageID), {
      body: { reactionID },
    });
  }

  reactions(
    conversationID: string,
    messageIDList: string[],
    maxUsers?: number,
  ): Promise<{ resultList: MessageReactions[] }> {
    return this.#http.post(at(ACTION_ROUTES.reactionQuery, conversationID), {
      messageIDList,
      ...(maxUsers === undefined ? {} : { maxUserCountPerReaction: maxUsers }),
    });
  }

  reactionUsers(conversationID: string, messageID: string, reactionID: string, nextSeq: number, count: number) {
    const q = new URLSearchParams({ reactionID, nextSeq: String(nextSeq), count: String(count) });
    return this.#http.get<ReactionUserPage>(`${at(ACTION_ROUTES.reactionUsers, conversationID, messageID)}?${q}`);
  }

  sendReceipts(conversationID: string, messageIDList: string[]): Promise<{ messageIDList: string[] }> {
    return this.#http.post(at(ACTION_ROUTES.receipts, conversationID), { messageIDList });
  }

  receipts(conversationID: string, messageIDList: string[]) {
    return this.#http.post<{ receiptList: { messageID: string; isPeerRead: boolean; timestamp: number }[] }>(
      at(ACTION_ROUTES.receiptQuery, conversationID),
      { messageIDList },
    );
  }

  async storeMerger(body: CreateMerger): Promise<string> {
    return (await this.#http.post<{ downloadKey: string }>(ACTION_ROUTES.mergers, body)).downloadKey;
  }

  loadMerger(downloadKey: string) {
    return this.#http.get<{ messageList: SimplifiedMessage[]; title: string; abstractList: string[] }>(
      ACTION_ROUTES.merger.replace(':downloadKey', encodeURIComponent(downloadKey)),
    );
  }
}
