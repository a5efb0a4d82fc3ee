/** What export and deletion read and erase (decision 0051), over the server's database. */

/** A group the user is in, with their place in it. */
export interface GroupSeat {
  groupID: string;
  type: string;
  name: string;
  role: string;
  joinTime: number;
  nameCard: string;
  /** Members, the user included. */
  memberCount: number;
}

/** A message the user sent, as the archive shows it (PDAT3). */
export interface SentMessage {
  conversationID: string;
  seq: number;
  ID: string;
  to: string;
  type: string;
  payload: unknown;
  cloudCustomData: string;
  time: number;
  isRevoked: boolean;
  isModified: boolean;
}

export interface PersonalDataStore {
  seats(userID: string): Promise<GroupSeat[]>;
  /** Who takes over a group the leaving owner owns (PDAT15): the longest-serving admin, else member; none alone. */
  successor(groupID: string, leaving: string): Promise<string | undefined>;
  friendIDs(userID: string): Promise<string[]>;
  /** The contact tables' rows of the user, as plain objects (friends, friend groups, requests both ways, blocklist). */
  contacts(userID: string): Promise<Record<string, unknown[]>>;
  /** The user's sent messages after `after`, in (conversation, sequence) order; a page at a time (PDAT3). */
  sentMessages(
    userID: string,
    after: { conversationID: string; seq: number } | undefined,
    limit: number,
  ): Promise<SentMessage[]>;
  /**
   * Erases what is left of the account in one transaction (PDAT11–PDAT14): their messages lose the name, name card
   * and avatar they were sent with; their rows in every table go; the ID is kept as deleted. Returns the
   * conversations whose stored messages changed.
   */
  erase(userID: string, now: number): Promise<string[]>;
}

/**
 * One member of the archive. `bytes`: small and whole; `stream`: of known size (a stored file); `lines`: of unknown
 * size (the messages), first written to a private spool file because a tar header carries the size before the data.
 */
export type ArchiveEntry =
  | { path: string; bytes: Uint8Array }
  | { path: string; size: number; stream: () => AsyncIterable<Uint8Array> }
  | { path: string; lines: () => AsyncIterable<string> };

export interface WrittenEntry {
  path: string;
  bytes: number;
}
