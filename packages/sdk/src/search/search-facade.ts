/**
 * Cloud search (reference §3.3, §7; decision 0040): searchCloudMessages, searchCloudUsers, searchCloudGroups and
 * searchCloudGroupMembers. The server checks every parameter (27003) and limits the rate (60018); the SDK only
 * turns the answer's messages into Message objects, as getMessageList gives them.
 */
import { SEARCH_ROUTES, type SearchListResult, type SearchMessagesResult } from '@parley/protocol';
import { type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import { type Message, messageFromWire } from '../message/message.ts';

type Response<T> = Promise<ChatResponse<T>>;

export interface SearchCloudMessagesOptions {
  keywordList?: string[];
  keywordListMatchType?: 'or' | 'and';
  senderUserIDList?: string[];
  messageTypeList?: string[];
  conversationID?: string;
  timePosition?: number;
  timePeriod?: number;
  count?: number;
  cursor?: string;
}

export interface SearchCloudMessagesResult {
  searchResultList: { conversationID: string; messageCount: number; messageList: Message[] }[];
  cursor: string;
  totalCount: number;
}

type SearchList = Response<SearchListResult>;

export class SearchPart {
  readonly host: SdkHost;
  constructor(host: SdkHost) {
    this.host = host;
  }

  /** Options go to the server as given (undefined fields left out): its schema is the one judge of them. */
  body(api: string, options: unknown): Record<string, unknown> {
    assertParams(typeof options === 'object' && options !== null, api, 'options must be an object');
    return JSON.parse(JSON.stringify(options)) as Record<string, unknown>;
  }

  async messages(options: SearchCloudMessagesOptions): Response<SearchCloudMessagesResult> {
    const answer = await this.host.http.post<SearchMessagesResult>(
      SEARCH_ROUTES.messages,
      this.body('searchCloudMessages', options),
    );
    const viewer = { userID: this.host.me() };
    return ok({
      ...answer,
      searchResultList: answer.searchResultList.map((r) => ({
        ...r,
        messageList: r.messageList.map((w) => messageFromWire(w, viewer)),
      })),
    });
  }

  async list(api: string, route: string, options: unknown): SearchList {
    return ok(await this.host.http.post<SearchListResult>(route, this.body(api, options)));
  }
}

export const searchFeature = defineFeature({
  name: 'search',
  create: (host: SdkHost): SearchPart => new SearchPart(host),
  methods: {
    searchCloudMessages(options: SearchCloudMessagesOptions): Response<SearchCloudMessagesResult> {
      return this.host.guarded('searchCloudMessages', () => this.messages(options));
    },
    searchCloudUsers(options: {
      keywordList: string[];
      keywordListMatchType?: 'or' | 'and';
      gender?: string;
      miniBirthday?: number;
      maxBirthday?: number;
      count?: number;
      cursor?: string;
    }): SearchList {
      return this.host.guarded('searchCloudUsers', () => this.list('searchCloudUsers', SEARCH_ROUTES.users, options));
    },
    searchCloudGroups(options: {
      keywordList: string[];
      keywordListMatchType?: 'or' | 'and';
      groupTypeList?: string[];
      count?: number;
      cursor?: string;
    }): SearchList {
      return this.host.guarded('searchCloudGroups', () =>
        this.list('searchCloudGroups', SEARCH_ROUTES.groups, options),
      );
    },
    searchCloudGroupMembers(options: {
      keywordList: string[];
      keywordListMatchType?: 'or' | 'and';
      groupTypeList?: string[];
      groupIDList?: string[];
      count?: number;
      cursor?: string;
    }): SearchList {
      return this.host.guarded('searchCloudGroupMembers', () =>
        this.list('searchCloudGroupMembers', SEARCH_ROUTES.groupMembers, options),
      );
    },
  },
});
