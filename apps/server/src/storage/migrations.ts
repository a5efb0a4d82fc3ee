import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { groupFieldsMigration } from './repos/group-fields-migration.ts';
import { groupInvitationsMigration } from './repos/group-invitations-migration.ts';
import { actionsMigration } from './repos/actions-migration.ts';
import { groupsMigration } from './repos/groups-migration.ts';
import { portalActivityMigration } from './repos/portal-activity-migration.ts';
import { portalMigration } from './repos/portal-migration.ts';
import { portalPagesMigration } from './repos/portal-pages-migration.ts';
// The operator's reply to portal feedback (decision 0010)
import { portalFeedbackReplyMigration } from './repos/portal-feedback-migration.ts';
// Contacts (decision 0017)
import { contactsMigration } from './repos/contacts-migration.ts';
import { friendGroupsMigration } from './repos/friend-groups-migration.ts';
// The upload ledger (decision 0024)
import { uploadLedgerMigration } from './repos/upload-ledger-migration.ts';
import { groupMutesMigration } from './repos/group-mutes-migration.ts';
// Drafts, pinned group messages and edits (decision 0041)
import { conversationDraftsMigration } from './repos/drafts-migration.ts';
// Conversation marks (decision 0043)
import { conversationMarksMigration } from './repos/marks-migration.ts';
import { groupPinsMigration } from './repos/pins-migration.ts';
// Calls signalling (decision 0038)
import { callInvitationsMigration } from './repos/calls-migration.ts';
// Message search (decision 0040)
import { searchMigration } from './repos/search-migration.ts';
// Edited messages (decision 0046)
import { messageVersionsMigration } from './repos/edits-migration.ts';
// Message retention (decision 0047)
import { groupRetentionMigration } from './repos/retention-migration.ts';
// Conversation groups and custom data (decision 0049)
import { conversationGroupsMigration } from './repos/conversation-groups-migration.ts';
// Demo mode's tasks (decision 0054)
import { demoTasksMigration } from './repos/demo-tasks-migration.ts';
import { messageReportsMigration } from './repos/message-reports-migration.ts';
// Deleted accounts (decision 0051)
import { deletedAccountsMigration } from './repos/personal-data-migration.ts';
// Uploads in the database (decision 0052)
import { fileStoreMigration } from './repos/file-store-migration.ts';
// The admin console (decision 0053)
import { adminConsoleMigration } from './repos/admin-console-migration.ts';

/**
 * Versioned migrations, identical for SQLite and PostgreSQL. Never edit a released migration:
 * add the next one. Names sort in application order.
 */
const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('accounts')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('password_hash', 'text')
        .addColumn('mobile', 'text', (c) => c.unique())
        .addColumn('identity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('profiles')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('accounts.user_id').onDelete('cascade'))
        .addColumn('nick', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('gender', 'text', (c) => c.notNull().defaultTo('Gender_Type_Unknown'))
        .addColumn('self_signature', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('birthday', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('allow_type', 'text', (c) => c.notNull().defaultTo('AllowType_Type_AllowAny'))
        .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('language', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('role', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('custom_fields', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
      // A conversation is shared by its members: one row per C2C pair or group.
      await db.schema
        .createTable('conversations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('last_seq', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // Per-member state: unread = messages after read_seq (GUIDE §3.5), so a send writes no member rows.
      await db.schema
        .createTable('conversation_members')
        .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('view_id', 'text', (c) => c.notNull())
        .addColumn('peer_id', 'text')
        .addColumn('read_seq', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('cleared_seq', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('is_pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pinned_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('remind_type', 'text', (c) => c.notNull().defaultTo('AcceptAndNotify'))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sync_version', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('conversation_members_pk', ['user_id', 'view_id'])
        .execute();
      await db.schema
        .createIndex('conversation_members_conv')
        .on('conversation_members')
        .columns(['conversation_id', 'user_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('conversation_members_sync')
        .on('conversation_members')
        .columns(['user_id', 'sync_version'])
        .execute();
      await db.schema
        .createTable('messages')
        .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('sender', 'text', (c) => c.notNull())
        .addColumn('receiver', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('cloud_custom_data', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('client_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('nick', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('name_card', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('priority', 'text', (c) => c.notNull().defaultTo('Normal'))
        .addColumn('need_read_receipt', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('at_user_list', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('is_revoked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('revoker', 'text')
        .addColumn('is_modified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('modify_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('messages_pk', ['conversation_id', 'seq'])
        .execute();
      // Rule M1: at most one message per (sender, client message ID).
      await db.schema.createIndex('messages_sender_id').on('messages').columns(['sender', 'id']).unique().execute();
      // History cursors name a message by its ID within a conversation (nextReqMessageID).
      await db.schema
        .createIndex('messages_conversation_id')
        .on('messages')
        .columns(['conversation_id', 'id'])
        .execute();
      await db.schema
        .createTable('user_sync')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  // Rule M8: a message ID is unique within its conversation, so a peer cannot reuse mine and take over lookups,
  // history cursors and the kit's copy. Servers before this let it happen: the first message keeps the ID and
  // later ones get `<id>~<seq>`, so nothing is lost and the unique index can be built.
  '0002_message_id_per_conversation': {
    async up(db: Kysely<unknown>) {
      await sql`UPDATE messages SET id = id || '~' || CAST(seq AS TEXT)
        WHERE EXISTS (SELECT 1 FROM messages AS earlier WHERE earlier.conversation_id = messages.conversation_id
          AND earlier.id = messages.id AND earlier.seq < messages.seq)`.execute(db);
      await db.schema.dropIndex('messages_conversation_id').execute();
      await db.schema
        .createIndex('messages_conversation_id_unique')
        .on('messages')
        .columns(['conversation_id', 'id'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('messages_conversation_id_unique').execute();
      await db.schema
        .createIndex('messages_conversation_id')
        .on('messages')
        .columns(['conversation_id', 'id'])
        .execute();
    },
  },
  // Sessions and login (SES5, SES7): a per-user token generation that an admin revoke raises, and an index to end
  // every session of one user.
  '0003_sessions_revocation': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('accounts')
        .addColumn('token_gen', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sessions_user').execute();
      await db.schema.alterTable('accounts').dropColumn('token_gen').execute();
    },
  },
  // The recruitment portal (decision 0010); its tables are defined beside the portal repo.
  '0006_portal': portalMigration,
  // Each message's wire JSON as sent, written once at insert (decision 0020): a history page joins stored strings
  // instead of rebuilding objects. '' on rows written before it: those pages rebuild the JSON from the columns.
  '0007_message_wire': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('messages')
        .addColumn('wire', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('messages').dropColumn('wire').execute();
    },
  },
  // Groups (decision 0012); their tables are defined beside the groups repo.
  '0008_groups': groupsMigration,
  // The centres' activity (decision 0013): applications, invitations, saved jobs; defined beside its repo.
  '0009_portal_activity': portalActivityMigration,
  // Message actions (decision 0015); defined beside their repo.
  '0010_message_actions': actionsMigration,
  // Contacts (decision 0017): friends, friend requests, blocklists, presence subscriptions; defined beside its repo.
  '0012_contacts': contactsMigration,
  // The centre pages (decision 0010): views, verification, certification, feedback, privacy, job fair
  // bookings, application status; defined beside its repo.
  '0013_portal_pages': portalPagesMigration,
  // Group custom fields, invite option, members' last send time (decision 0012).
  '0014_group_fields': groupFieldsMigration,
  // Group invitations waiting for the invitee's consent (GRP23).
  '0018_group_invitations': groupInvitationsMigration,
  // The operator's reply to portal feedback and its time (PCP14); defined beside its repo.
  '0019_portal_feedback_reply': portalFeedbackReplyMigration,
  // Decision 0021, SP13: the index of changed messages (ACT9) holds only the changed ones. Every message had an entry, at 0,
  // so every send wrote one more page of it (a one-message commit wrote 10.1 WAL frames; without it, 8.9). Its one
  // reader, the catch-up of changes, names `change_seq > 0` as written here, which lets both databases use it.
  '0020_messages_changes_partial': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('messages_changes').execute();
      await db.schema
        .createIndex('messages_changes')
        .on('messages')
        .columns(['conversation_id', 'change_seq'])
        .where(sql<boolean>`change_seq > 0`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('messages_changes').execute();
      await db.schema
        .createIndex('messages_changes')
        .on('messages')
        .columns(['conversation_id', 'change_seq'])
        .execute();
    },
  },
  // The upload ledger: per-user quotas, deletion of unsent uploads and their sweep (decision 0024).
  '0021_upload_ledger': uploadLedgerMigration,
  // Mutes kept across leaving and joining a group again (rule ABU10); defined beside its repo.
  '0022_group_mutes': groupMutesMigration,
  // Friend groups (reference §7, CNT15); defined beside the contacts repo.
  '0024_friend_groups': friendGroupsMigration,
  // Calls signalling: invitations and each invitee's state, timed out by the server (decision 0038).
  '0025_call_invitations': callInvitationsMigration,
  // Message search: the empty index; older messages are indexed in the background (decision 0040, SRCH16).
  '0026_message_search': searchMigration,
  // Conversation drafts on the server (decision 0041, DRF1); defined beside its repo.
  '0027_conversation_drafts': conversationDraftsMigration,
  // Pinned group messages (decision 0041, PIN1); defined beside its repo.
  '0028_group_pins': groupPinsMigration,
  // Conversation marks on the server (decision 0043, MARK1); defined beside its repo.
  '0029_conversation_marks': conversationMarksMigration,
  // Earlier contents of edited messages (decision 0046, EDIT5); defined beside its repo.
  '0030_message_versions': messageVersionsMigration,
  // A group's retention override (decision 0047, RET3); defined beside its repo.
  '0031_group_retention': groupRetentionMigration,
  // Conversation groups and custom data on the server (decision 0049, CGRP1); defined beside its repo.
  '0033_conversation_groups': conversationGroupsMigration,
  // Deleted accounts' IDs, never registered again (decision 0051, PDAT10).
  '0034_deleted_accounts': deletedAccountsMigration,
  // Uploads shared by every node: objects in chunks and file records in the database (decision 0052, UPL26).
  '0035_file_store': fileStoreMigration,
  // Admin accounts, console sessions, the append-only audit log, settings, disabled users (decision 0053, ADM1).
  '0036_admin_console': adminConsoleMigration,
  // Demo mode's tasks done, per user (decision 0054, DEMO2); defined beside its repo.
  '0037_demo_tasks': demoTasksMigration,
  // Message reports (decision 0055, RPT3, RPT4); defined beside its store.
  '0038_message_reports': messageReportsMigration,
};

class InCodeProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export const MIGRATION_NAMES = Object.keys(migrations);
export const MIGRATION_COUNT = MIGRATION_NAMES.length;

/**
 * `schema`: where Kysely keeps its own bookkeeping tables. It must be named when the database is shared by several
 * schemas (one per test run, decision 0003): Kysely looks for its tables in every schema, so without it a run
 * that finds another run's lock table skips creating its own and then fails to use it.
 */
function migratorFor(db: Kysely<unknown>, schema: string | undefined): Migrator {
  return new Migrator({ db, provider: new InCodeProvider(), ...(schema ? { migrationTableSchema: schema } : {}) });
}

/**
 * True when Kysely's bookkeeping lists exactly the migrations of this build: nothing to do. Checked with one plain
 * read before the migrator, which otherwise lists every table and column of every schema of the database (on
 * PostgreSQL 1–2 s with many schemas, at every start of a node and every test's storage).
 */
async function allApplied(db: Kysely<unknown>, schema: string | undefined): Promise<boolean> {
  try {
    const table = schema ? sql.table(`${schema}.kysely_migration`) : sql.table('kysely_migration');
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    const applied = new Set(rows.map((r) => r.name));
    return applied.size === MIGRATION_COUNT && Object.keys(migrations).every((name) => applied.has(name));
  } catch {
    return false; // no bookkeeping table yet: a new database
  }
}

export async function migrateToLatest(db: Kysely<unknown>, schema?: string): Promise<void> {
  if (await allApplied(db, schema)) return;
  const migrator = migratorFor(db, schema);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const why = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${why}`);
  }
}

/** Moves the schema to the named migration, up or down (tests of a migration's data handling). */
export async function migrateTo(db: Kysely<unknown>, name: string, schema?: string): Promise<void> {
  const { error } = await migratorFor(db, schema).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

export async function appliedMigrations(db: Kysely<unknown>, schema?: string): Promise<number> {
  const migrator = migratorFor(db, schema);
  const list = await migrator.getMigrations();
  return list.filter((m) => m.executedAt !== undefined).length;
}

export { sql };
