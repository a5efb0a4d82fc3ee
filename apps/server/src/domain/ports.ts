/**
 * The interfaces the domain depends on, assembled from the features that own them (GUIDE §5.9): each feature's
 * `ports.ts` declares its rows and repository, and this file puts them together into `Repos` and `Storage`.
 * Implementations live in storage/, fanout/ and app/; every one of them passes the contract suite in test/
 * (GUIDE §5.3). Nothing here names a library.
 */
import type { AccountsRepo } from './accounts/ports.ts';
import type { ActionsRepo } from './actions/ports.ts';
import type { SessionsRepo } from './auth/ports.ts';
import type { ContactsRepo } from './contacts/ports.ts';
import type { CallsRepo } from './calls/ports.ts';
import type { ConversationsRepo } from './conversations/ports.ts';
import type { EditsRepo } from './edits/ports.ts';
import type { DemoTasksRepo } from './demo-tasks/ports.ts';
import type { GroupsRepo } from './groups/ports.ts';
import type { MessagesRepo } from './messages/ports.ts';
import type { SendStore, WirePages } from './messages/send-port.ts';
import type { PinsRepo } from './pins/ports.ts';
import type { PortalRepo } from './portal/ports.ts';
import type { ProfilesRepo } from './profiles/ports.ts';
import type { SearchRepo } from './search/ports.ts';

export type { BusEvent, BusHandler, EventBus } from './bus.ts';
export type { AccountRow, AccountsRepo } from './accounts/ports.ts';
export type { SessionRow, SessionsRepo } from './auth/ports.ts';
export type {
  ConversationRow,
  ConversationsRepo,
  MemberFields,
  MemberPageQuery,
  MemberRow,
} from './conversations/ports.ts';
export type { AppendResult, MessageRow, MessagesRepo, NewMessage } from './messages/ports.ts';
export type { ProfileFields, ProfileRow, ProfilesRepo } from './profiles/ports.ts';

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
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
  /** Message actions (decision 0015). */
  actions: ActionsRepo;
  /** Contacts (decision 0017). */
  contacts: ContactsRepo;
  /** Pinned group messages (decision 0041). */
  pins: PinsRepo;
  /** Calls signalling (decision 0038). */
  calls: CallsRepo;
  /** Message, user and group search (decision 0040). */
  search: SearchRepo;
  /** Earlier contents of edited messages (decision 0046). */
  edits: EditsRepo;
  /** Demo mode's tasks (decision 0054). */
  demoTasks: DemoTasksRepo;
}

export interface Storage extends Repos {
  readonly kind: 'sqlite' | 'postgres';
  /** The batched send path and stored-JSON history pages (domain/messages/send-port.ts). */
  readonly sends: SendStore & WirePages;
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Repos) => Promise<T>): Promise<T>;
  /** Database reachable and every migration applied. */
  ready(): Promise<boolean>;
  /** The connections this node holds and who waits for one, for the metrics (MET9); absent in test doubles. */
  poolUse?(): { size: number; idle: number; waiting: number };
  close(): Promise<void>;
}
