/**
 * The interfaces the domain depends on. Implementations live in storage/, fanout/ and app/; every
 * one of them passes the contract suite in test/ (GUIDE §5.3). Nothing here names a library.
 */
import type { Gender } from '@parley/protocol';
import type { SendStore, WirePages } from './messages/send-port.ts';
import type { ActionsRepo } from './actions/ports.ts';
import type { GroupsRepo } from './groups/ports.ts';
import type { PortalRepo } from './portal/ports.ts';
// Contacts (issue 10)
import type { ContactsRepo } from './contacts/ports.ts';

export type { BusEvent, BusHandler, EventBus } from './bus.ts';

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export interface AccountRow {
  userID: string;
  passwordHash: string | null;
  mobile: string | null;
  identity: number;
  createdAt: number;
}

export interface ProfileRow {
  userID: string;
  nick: string;
  avatar: string;
  gender: Gender;
  selfSignature: string;
  birthday: number;
  allowType: string;
  location: string;
  language: number;
  level: number;
  role: number;
  customFields: string;
  updatedAt: number;
}

export type ProfileFields = Partial<Omit<ProfileRow, 'userID' | 'updatedAt'>>;

export interface SessionRow {
  idHash: string;
  userID: string;
  createdAt: number;
  expiresAt: number;
}

/** A shared conversation (C2C pair or group); `lastSeq` is the dense per-conversation sequence. */
export interface ConversationRow {
  id: string;
  type: string;
  lastSeq: number;
  lastTime: number;
  createdAt: number;
}

/** One member's view of a conversation: read position, pin, remind type, sync version. */
export interface MemberRow {
  conversationID: string;
  userID: string;
  /** The ID this member sees: `C2C<peer>` or `GROUP<groupID>`. */
  viewID: string;
  peerID: string | null;
  readSeq: number;
  clearedSeq: number;
  isPinned: boolean;
  pinnedAt: number;
  remindType: string;
  hidden: boolean;
  syncVersion: number;
}

export interface MessageRow {
  conversationID: string;
  seq: number;
  /** Client-generated message ID, unique per sender. */
  id: string;
  sender: string;
  receiver: string;
  type: string;
  /** JSON text of the payload, stored as given for every payload type. */
  payload: string;
  cloudCustomData: string;
  time: number;
  clientTime: number;
  nick: string;
  nameCard: string;
  avatar: string;
  priority: string;
  needReadReceipt: boolean;
  atUserList: string;
  isRevoked: boolean;
  revoker: string | null;
  isModified: boolean;
  modifyVersion: number;
  isDeleted: boolean;
}

export type NewMessage = Omit<
  MessageRow,
  'seq' | 'isRevoked' | 'revoker' | 'isModified' | 'modifyVersion' | 'isDeleted'
>;

export interface AppendResult {
  message: MessageRow;
  /**
   * False when (sender, id) was already stored, or the conversation already holds a message with this id
   * (rule M8): the stored message is returned unchanged, and the caller checks whose it is.
   */
  created: boolean;
}

export interface AccountsRepo {
  create(account: AccountRow, profile: ProfileRow): Promise<void>;
  get(userID: string): Promise<AccountRow | undefined>;
  findByMobile(mobile: string): Promise<AccountRow | undefined>;
  existing(userIDs: readonly string[]): Promise<Set<string>>;
  count(): Promise<number>;
  /** The user's userSig generation (SES5); undefined when there is no such account. */
  tokenGen(userID: string): Promise<number | undefined>;
  /** Raises the generation by one and returns the new value; undefined when there is no such account. */
  bumpTokenGen(userID: string): Promise<number | undefined>;
}

export interface ProfilesRepo {
  get(userID: string): Promise<ProfileRow | undefined>;
  getMany(userIDs: readonly string[]): Promise<ProfileRow[]>;
  update(userID: string, fields: ProfileFields, updatedAt: number): Promise<ProfileRow | undefined>;
}

export interface SessionsRepo {
  create(session: SessionRow): Promise<void>;
  get(idHash: string): Promise<SessionRow | undefined>;
  delete(idHash: string): Promise<void>;
  deleteExpired(now: number): Promise<number>;
  /** Ends every session of one user (admin revoke); returns how many there were. */
  deleteForUser(userID: string): Promise<number>;
  /** Ends every session of one user but `keepIdHash` (a password change); returns the ended sessions' hashes. */
  deleteOthers(userID: string, keepIdHash: string): Promise<string[]>;
}

export type MemberFields = Partial<
  Pick<MemberRow, 'readSeq' | 'clearedSeq' | 'isPinned' | 'pinnedAt' | 'remindType' | 'hidden'>
>;

export interface MemberPageQuery {
  since: number;
  after: string;
  limit: number;
  withGroups: boolean;
  visibleOnly: boolean;
}

export interface ConversationsRepo {
  /** Creates the conversation if absent; returns it either way. */
  ensure(id: string, type: string, now: number): Promise<ConversationRow>;
  get(id: string): Promise<ConversationRow | undefined>;
  /** Locks the conversation row until the transaction ends (PostgreSQL); writers take it first. */
  lock(id: string): Promise<void>;
  /** Creates the member row if absent (not hidden); returns it either way. */
  ensureMember(member: Pick<MemberRow, 'conversationID' | 'userID' | 'viewID' | 'peerID'>): Promise<MemberRow>;
  getMember(userID: string, viewID: string): Promise<MemberRow | undefined>;
  members(conversationID: string): Promise<MemberRow[]>;
  /** Members of one user changed after `sinceVersion`, or all when 0. */
  listMembers(userID: string, sinceVersion: number): Promise<MemberRow[]>;
  updateMember(userID: string, viewID: string, fields: MemberFields): Promise<MemberRow | undefined>;
  /**
   * Bumps the user's change counter and stamps the member row with it, applying `fields` in the same
   * update; returns the new version.
   */
  touch(userID: string, viewID: string, fields?: MemberFields): Promise<number>;
  syncVersion(userID: string): Promise<number>;
  /** The user's group conversation rows (views `GROUP…`), by a range of the primary key. */
  listGroupMembers(userID: string): Promise<MemberRow[]>;
  /**
   * One page of a user's rows by view ID after `after` (ABU24): those changed after `since`, plus every group row
   * when `withGroups`; only the visible ones when `visibleOnly`.
   */
  listMembersPage(userID: string, q: MemberPageQuery): Promise<MemberRow[]>;
  /** Deletes one member's row (a member leaving a group). */
  removeMember(userID: string, viewID: string): Promise<void>;
}

export interface MessagesRepo {
  /** Idempotent on (sender, id); assigns the next dense sequence of the conversation otherwise. */
  append(message: NewMessage): Promise<AppendResult>;
  bySenderID(sender: string, id: string): Promise<MessageRow | undefined>;
  /** The message with this client ID in the conversation (IDs are unique per conversation, rule M8). */
  byConversationID(conversationID: string, id: string): Promise<MessageRow | undefined>;
  get(conversationID: string, seq: number): Promise<MessageRow | undefined>;
  /** Up to `limit` messages with seq < beforeSeq (or the newest when undefined), newest first. */
  pageBefore(
    conversationID: string,
    beforeSeq: number | undefined,
    limit: number,
    minSeq?: number,
  ): Promise<MessageRow[]>;
  /** Up to `limit` messages with seq > afterSeq, oldest first. */
  pageAfter(conversationID: string, afterSeq: number, limit: number): Promise<MessageRow[]>;
  /**
   * Count of messages after `afterSeq` (and up to `upToSeq` when given) not sent by `excludeSender`. The bound keeps
   * a count consistent with a last sequence read a moment before, when a send commits in between.
   */
  countAfter(conversationID: string, afterSeq: number, excludeSender: string, upToSeq?: number): Promise<number>;
}

/** Repositories bound to one transaction, or to the database outside any. */
export interface Repos {
  accounts: AccountsRepo;
  profiles: ProfilesRepo;
  sessions: SessionsRepo;
  conversations: ConversationsRepo;
  messages: MessagesRepo;
  portal: PortalRepo;
  groups: GroupsRepo;
  /** Message actions (issue 9). */
  actions: ActionsRepo;
  /** Contacts (issue 10). */
  contacts: ContactsRepo;
}

export interface Storage extends Repos {
  readonly kind: 'sqlite' | 'postgres';
  /** The batched send path and stored-JSON history pages (domain/messages/send-port.ts). */
  readonly sends: SendStore & WirePages;
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Repos) => Promise<T>): Promise<T>;
  /** Database reachable and every migration applied. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}
