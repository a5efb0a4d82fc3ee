import { Store } from '../core/store.ts';
import type { ChatMessage, ChatPort, ChatResponse } from '../provider/chat-port.ts';
import { keywordsOf } from './keywords.ts';

/** What search calls on the SDK (reference §3.3, §7; decision 0040); an SDK without them shows no search. */
export interface SearchPort {
  searchCloudMessages(options: {
    keywordList: string[];
    keywordListMatchType?: 'or' | 'and';
    conversationID?: string;
    count?: number;
    cursor?: string;
  }): Promise<
    ChatResponse<{
      searchResultList: { conversationID: string; messageCount: number; messageList: ChatMessage[] }[];
      cursor: string;
    }>
  >;
  searchCloudUsers(options: SearchListOptions): Promise<ChatResponse<SearchList>>;
  searchCloudGroups(options: SearchListOptions): Promise<ChatResponse<SearchList>>;
}

interface SearchListOptions {
  keywordList: string[];
  keywordListMatchType?: 'or' | 'and';
  count?: number;
}

interface SearchList {
  searchResultList: Record<string, unknown>[];
}

export interface MessageHit {
  conversationID: string;
  message: ChatMessage;
  /** Matches in that conversation (every conversation's search shows its newest match). */
  count: number;
}
export interface ContactHit {
  userID: string;
  nick: string;
  avatar: string;
}
export interface GroupHit {
  groupID: string;
  name: string;
  avatar: string;
}

export interface SearchState {
  query: string;
  keywords: readonly string[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  messages: readonly MessageHit[];
  contacts: readonly ContactHit[];
  groups: readonly GroupHit[];
  /** More matches of the open conversation's search (its cursor); '' when none. */
  cursor: string;
  loadingMore: boolean;
  /** The open conversation's search panel shows (its header button). */
  shown: boolean;
}

const IDLE: SearchState = {
  query: '',
  keywords: [],
  status: 'idle',
  messages: [],
  contacts: [],
  groups: [],
  cursor: '',
  loadingMore: false,
  shown: false,
};

/** Typing pauses this long before a search leaves (SRCH21 allows 10 a second; this sends far fewer). */
export const SEARCH_DEBOUNCE_MS = 300;
const COUNT = 20;

export function searchPortOf(chat: ChatPort): SearchPort | undefined {
  const port = chat as ChatPort & Partial<SearchPort>;
  return typeof port.searchCloudMessages === 'function' &&
    typeof port.searchCloudUsers === 'function' &&
    typeof port.searchCloudGroups === 'function'
    ? (port as ChatPort & SearchPort)
    : undefined;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * One search box's state (SRCH48): every conversation's messages, contacts and joined groups, or (with a conversation)
 * that conversation's messages. Only the newest query's answer is kept; an older one arriving late is dropped.
 */
export class SearchStore extends Store<SearchState> {
  readonly #port: SearchPort;
  readonly #debounceMs: number;
  #conversationID: string | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #generation = 0;

  constructor(port: SearchPort, debounceMs = SEARCH_DEBOUNCE_MS) {
    super(IDLE);
    this.#port = port;
    this.#debounceMs = debounceMs;
  }

  /** The conversation searched in; null: every conversation. Clears the answer. */
  scope(conversationID: string | null): void {
    if (conversationID === this.#conversationID) return;
    this.#conversationID = conversationID;
    this.clear();
  }

  /** The box's text changed: the search leaves once typing pauses; an empty box is idle at once. */
  type(query: string): void {
    clearTimeout(this.#timer);
    this.#generation += 1;
    const keywords = keywordsOf(query);
    if (keywords.length === 0) {
      this.set({ ...IDLE, query, shown: this.getSnapshot().shown });
      return;
    }
    this.set({ ...this.getSnapshot(), query, status: 'loading' });
    this.#timer = setTimeout(() => this.run(), this.#debounceMs);
  }

  /** Searches the current text now (Enter, Try again). */
  run(): void {
    clearTimeout(this.#timer);
    const { query } = this.getSnapshot();
    const keywords = keywordsOf(query);
    if (keywords.length === 0) return;
    this.#generation += 1;
    const generation = this.#generation;
    this.set({ ...this.getSnapshot(), keywords, status: 'loading' });
    this.#fetch(keywords).then(
      (found) => {
        if (generation === this.#generation) this.set({ ...this.getSnapshot(), ...found, status: 'ready' });
      },
      () => {
        if (generation === this.#generation) this.set({ ...this.getSnapshot(), status: 'error' });
      },
    );
  }

  /** The open conversation's next matches. */
  more(): void {
    const state = this.getSnapshot();
    const conversationID = this.#conversationID;
    if (!conversationID || !state.cursor || state.loadingMore || state.status !== 'ready') return;
    const generation = this.#generation;
    this.set({ ...state, loadingMore: true });
    this.#inConversation(conversationID, [...state.keywords], state.cursor).then(
      (found) => {
        if (generation !== this.#generation) return;
        const current = this.getSnapshot();
        this.set({
          ...current,
          messages: [...current.messages, ...found.messages],
          cursor: found.cursor,
          loadingMore: false,
        });
      },
      () => {
        if (generation === this.#generation) this.set({ ...this.getSnapshot(), loadingMore: false, status: 'error' });
      },
    );
  }

  clear(): void {
    clearTimeout(this.#timer);
    this.#generation += 1;
    this.set(IDLE);
  }

  /** The conversation search panel opens empty, and closing it forgets the search. */
  show(shown: boolean): void {
    this.clear();
    if (shown) this.set({ ...IDLE, shown });
  }

  async #fetch(keywords: string[]): Promise<Partial<SearchState>> {
    const conversationID = this.#conversationID;
    if (conversationID)
      return { ...(await this.#inConversation(conversationID, keywords, '')), contacts: [], groups: [] };
    const [messages, users, groups] = await Promise.all([
      this.#port.searchCloudMessages({ keywordList: keywords, keywordListMatchType: 'and', count: COUNT }),
      this.#port.searchCloudUsers({ keywordList: keywords, keywordListMatchType: 'and', count: COUNT }),
      this.#port.searchCloudGroups({ keywordList: keywords, keywordListMatchType: 'and', count: COUNT }),
    ]);
    return {
      messages: messages.data.searchResultList.flatMap((r) =>
        r.messageList
          .slice(0, 1)
          .map((message) => ({ conversationID: r.conversationID, message, count: r.messageCount })),
      ),
      contacts: users.data.searchResultList.map((u) => ({
        userID: str(u.userID),
        nick: str(u.nick),
        avatar: str(u.avatar),
      })),
      // Groups I am in: their conversation opens; a group I am not in is joined from the contacts' group search.
      groups: groups.data.searchResultList
        .filter((g) => str((g.selfInfo as { role?: unknown } | undefined)?.role) !== '')
        .map((g) => ({ groupID: str(g.groupID), name: str(g.name), avatar: str(g.avatar) })),
      cursor: '',
    };
  }

  async #inConversation(conversationID: string, keywords: string[], cursor: string) {
    const { data } = await this.#port.searchCloudMessages({
      keywordList: keywords,
      keywordListMatchType: 'and',
      conversationID,
      count: COUNT,
      ...(cursor ? { cursor } : {}),
    });
    const list = data.searchResultList.find((r) => r.conversationID === conversationID)?.messageList ?? [];
    return { messages: list.map((message) => ({ conversationID, message, count: 1 })), cursor: data.cursor };
  }
}
