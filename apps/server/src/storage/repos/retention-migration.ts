import type { Kysely, Migration } from 'kysely';

/**
 * Message retention (decision 0047, RET3): a group's own retention in days, set through the admin API. NULL (every
 * existing group) follows the server's default, `PARLEY_RETENTION_DAYS`; 0 keeps the group's history forever.
 * A conversation's `purged_seq` says how far retention deleted, so unread counts leave purged messages out (RET6).
 * Adding a nullable column (or one with a constant default) rewrites no row on either database. The hides (ACT) are keyed by user first: the purge
 * takes a conversation's range out of them (RET5), so they get an index by conversation.
 */
export const groupRetentionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('groups').addColumn('retention_days', 'integer').execute();
    await db.schema
      .alterTable('conversations')
      .addColumn('purged_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('message_hidden_conversation')
      .on('message_hidden')
      .columns(['conversation_id', 'seq'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('message_hidden_conversation').execute();
    await db.schema.alterTable('conversations').dropColumn('purged_seq').execute();
    await db.schema.alterTable('groups').dropColumn('retention_days').execute();
  },
};
