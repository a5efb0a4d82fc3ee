import type { Term } from './tokens.ts';

/** One keyword as the index sees it (tokens.ts `keywordPlan`). */
export interface KeywordPlan {
  terms: Term[];
  /** The normalised keyword, when candidates must be checked against the text. */
  verify: string | undefined;
}

/** What a message search asks of storage; every filter is optional except the searcher (SRCH7–SRCH12). */
export interface MessageSearch {
  userID: string;
  /** Empty: no keyword filter (then a sender or type filter is required, checked by the action). */
  keywords: KeywordPlan[];
  match: 'and' | 'or';
  senders?: readonly string[];
  types?: readonly string[];
  /** The conversation as the searcher sees it (`C2C<peer>`, `GROUP<id>`). */
  viewID?: string;
  /** Seconds, inclusive. */
  fromTime?: number;
  toTime?: number;
}

/** A visible message that matched: where it is for the searcher, newest first. */
export interface SearchHit {
  viewID: string;
  conversationID: string;
  seq: number;
  time: number;
}

/** A user, group or group member match (SRCH30–SRCH36). */
export interface ProfileSearch {
  keywords: string[];
  match: 'and' | 'or';
}

/** Storage of message search (decision 0040); storage/repos/search.ts, one contract suite on both databases. */
export interface SearchRepo {
  /** Every visible message matching the query (SRCH8), newest first. */
  messages(q: MessageSearch): Promise<SearchHit[]>;
  /** Writes one message's index entry again from its stored row (modify, revoke: SRCH14). */
  reindex(conversationID: string, seq: number): Promise<void>;
  /**
   * Indexes up to `limit` messages stored before migration 0026 (SRCH16); returns how many it looked at, 0 once
   * every older message is indexed.
   */
  backfill(limit: number): Promise<number>;
  /** Users whose ID, nick matches (SRCH30); IDs, newest account first. */
  users(q: ProfileSearch & { gender?: string; minBirthday?: number; maxBirthday?: number }): Promise<string[]>;
  /** Groups (not dismissed) whose ID or name matches (SRCH31). */
  groups(q: ProfileSearch & { groupTypes?: readonly string[] }): Promise<string[]>;
  /** Members (ID, nick, name card) of the searcher's groups (SRCH32). */
  groupMembers(
    q: ProfileSearch & { userID: string; groupIDs?: readonly string[]; groupTypes?: readonly string[] },
  ): Promise<{ groupID: string; userID: string }[]>;
}
