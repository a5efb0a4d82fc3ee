/** The storage port of contacts (decision 0017). Implemented by storage/repos/contacts.ts for SQLite and PostgreSQL. */

/** One direction of a friendship: `friendID` is in `userID`'s friend list. Both-way friends have two rows. */
export interface FriendRow {
  userID: string;
  friendID: string;
  remark: string;
  source: string;
  wording: string;
  addTime: number;
}

/** A pending request from `fromID` to `toID`. */
export interface FriendApplicationRow {
  toID: string;
  fromID: string;
  wording: string;
  source: string;
  /** The remark the requester gives the target once accepted. */
  remark: string;
  /** Add_Type_Both or Add_Type_Single. */
  addType: string;
  createdAt: number;
  /** Whether the target has seen it (setFriendApplicationRead). */
  read: boolean;
}

/** One of a user's friend groups: its name and the friends in it, by ID. */
export interface FriendGroupRow {
  name: string;
  friendIDs: string[];
}

export interface ContactsRepo {
  /** `userID`'s friend list, by friend ID. */
  friends(userID: string): Promise<FriendRow[]>;
  /** `userID`'s rows for the given friends (those that exist). */
  friendRows(userID: string, friendIDs: readonly string[]): Promise<FriendRow[]>;
  /** Which of `userIDs` have `friendID` in their list. */
  listing(userIDs: readonly string[], friendID: string): Promise<string[]>;
  /** Everyone who has `friendID` in their list. */
  listedBy(friendID: string): Promise<string[]>;
  countFriends(userID: string): Promise<number>;
  /** Adds the row unless present; true when added. */
  addFriend(row: FriendRow): Promise<boolean>;
  setRemark(userID: string, friendID: string, remark: string): Promise<boolean>;
  deleteFriend(userID: string, friendID: string): Promise<boolean>;

  putApplication(row: FriendApplicationRow): Promise<void>;
  getApplication(toID: string, fromID: string): Promise<FriendApplicationRow | undefined>;
  deleteApplication(toID: string, fromID: string): Promise<boolean>;
  /** Requests to and from the user, newest first. */
  applications(userID: string): Promise<FriendApplicationRow[]>;
  markApplicationsRead(userID: string): Promise<number>;

  blacklist(userID: string): Promise<string[]>;
  /** Every (blocker, blocked) pair: the send path's in-memory copy is loaded from it once per node. */
  allBlocks(): Promise<{ userID: string; blockedID: string }[]>;
  /** Whether `blocker` blocked `blocked`. */
  isBlocked(blocker: string, blocked: string): Promise<boolean>;
  block(userID: string, blockedIDs: readonly string[], now: number): Promise<void>;
  unblock(userID: string, blockedIDs: readonly string[]): Promise<void>;

  subscribe(subscriber: string, targets: readonly string[]): Promise<void>;
  /** Undefined `targets`: all of the subscriber's subscriptions. */
  unsubscribe(subscriber: string, targets?: readonly string[]): Promise<void>;
  subscriptions(subscriber: string): Promise<string[]>;
  subscribersOf(target: string): Promise<string[]>;

  /** `userID`'s friend groups in the order they were made, each with its friends by ID. */
  friendGroups(userID: string): Promise<FriendGroupRow[]>;
  /** Adds the group unless one of that name exists; true when added. */
  createFriendGroup(userID: string, name: string, now: number): Promise<boolean>;
  /** Drops the group and its memberships; true when it existed. */
  deleteFriendGroup(userID: string, name: string): Promise<boolean>;
  /** Renames the group and its memberships; true when it existed. */
  renameFriendGroup(userID: string, oldName: string, newName: string): Promise<boolean>;
  /** Puts friends (they must be `userID`'s friends) in the group; those already in it stay once. */
  addToFriendGroup(userID: string, name: string, friendIDs: readonly string[]): Promise<void>;
  removeFromFriendGroup(userID: string, name: string, friendIDs: readonly string[]): Promise<void>;
}
