import type { Generated } from 'kysely';
import type { ActionTables } from './repos/actions-schema.ts';
import type { GroupTables } from './repos/groups-schema.ts';
// Contacts (decision 0017)
import type { ContactTables } from './repos/contacts-schema.ts';
import type { PortalTables } from './repos/portal-schema.ts';
// The upload ledger (decision 0024)
import type { UploadLedgerTables } from './repos/upload-ledger-schema.ts';
import type { FileStoreTables } from './repos/file-store-schema.ts';

/** Deleted accounts (migration 0034, decision 0051): their IDs are never given out again. */
export interface DeletedAccountsTable {
  user_id: string;
  /** Seconds since the epoch. */
  deleted_at: number;
}
// Calls signalling (decision 0038)
import type { CallTables } from './repos/calls-schema.ts';

/** Kysely table types. One schema for SQLite and PostgreSQL; booleans are 0/1 integers in both. */
export interface AccountsTable {
  user_id: string;
  password_hash: string | null;
  mobile: string | null;
  identity: number;
  created_at: number;
  /** Raised by an admin revoke: admin-issued userSigs of an older generation are refused (SES5). */
  token_gen: Generated<number>;
  /** When an admin disabled the account (ADM20, migration 0036); 0 while enabled. */
  disabled_at: Generated<number>;
}

export interface ProfilesTable {
  user_id: string;
  nick: string;
  avatar: string;
  gender: string;
  self_signature: string;
  birthday: number;
  allow_type: string;
  location: string;
  language: number;
  level: number;
  role: number;
  custom_fields: string;
  updated_at: number;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export interface ConversationsTable {
  id: string;
  type: string;
  last_seq: number;
  last_time: number;
  created_at: number;
  /** Retention (migration 0031, RET6): every message up to this sequence was purged. */
  purged_seq: Generated<number>;
}

export interface ConversationMembersTable {
  conversation_id: string;
  user_id: string;
  view_id: string;
  peer_id: string | null;
  read_seq: number;
  cleared_seq: number;
  is_pinned: number;
  pinned_at: number;
  remind_type: string;
  hidden: number;
  sync_version: number;
  /** Decision 0041 (DRF1); defaults '' and 0 in the schema, so the send path's inserts need not name them. */
  draft_text: Generated<string>;
  draft_time: Generated<number>;
  /** Decision 0043 (MARK1): the unsigned decimal of my 64-bit mark set; defaults '0'. */
  mark_mask: Generated<string>;
  /** Decision 0049 (CGRP1): a JSON array of my group names holding it; defaults '[]'. */
  group_names: Generated<string>;
  /** Decision 0049 (CGRP14): my custom data; defaults ''. */
  custom_data: Generated<string>;
}

export interface MessagesTable {
  conversation_id: string;
  seq: number;
  id: string;
  sender: string;
  receiver: string;
  type: string;
  payload: string;
  cloud_custom_data: string;
  time: number;
  client_time: number;
  nick: string;
  name_card: string;
  avatar: string;
  priority: string;
  need_read_receipt: number;
  at_user_list: string;
  is_revoked: number;
  revoker: string | null;
  is_modified: number;
  modify_version: number;
  is_deleted: number;
  /** The message's wire JSON as sent (migration 0007); '' on older rows. */
  wire: Generated<string>;
}

export interface UserSyncTable {
  user_id: string;
  version: number;
}

/** Decision 0049 (CGRP1): my conversation groups' names, in the order made (`position`). */
export interface ConversationGroupsTable {
  user_id: string;
  name: string;
  position: number;
  created_at: number;
}

export interface Database
  extends PortalTables,
    GroupTables,
    ActionTables,
    ContactTables,
    UploadLedgerTables,
    FileStoreTables,
    CallTables {
  accounts: AccountsTable;
  profiles: ProfilesTable;
  sessions: SessionsTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  user_sync: UserSyncTable;
  conversation_groups: ConversationGroupsTable;
  deleted_accounts: DeletedAccountsTable;
}
