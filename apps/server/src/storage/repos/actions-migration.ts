import type { Kysely, Migration } from 'kysely';

/**
 * Message actions (decision 0015). Changes made in place (modify, revoke, reactions) stamp the message with the
 * conversation's next change sequence, so a client catches up with one indexed range read (rule ACT9); a user's
 * deletes are rows of their own, stamped the same way; reactions are one row per (message, reaction, user), so two
 * users reacting at once insert two rows and never conflict (ACT20).
 */
export const actionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('conversations')
      .addColumn('change_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('messages')
      .addColumn('change_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('messages_changes').on('messages').columns(['conversation_id', 'change_seq']).execute();
    await db.schema
      .createTable('message_hidden')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('conversation_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .addColumn('change_seq', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('message_hidden_pk', ['user_id', 'conversation_id', 'seq'])
      .execute();
    await db.schema
      .createTable('message_reactions')
      .addColumn('conversation_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .addColumn('reaction_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('message_reactions_pk', ['conversation_id', 'seq', 'reaction_id', 'user_id'])
      .execute();
    await db.schema
      .createTable('message_receipts')
      .addColumn('conversation_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .addColumn('reader', 'text', (c) => c.notNull())
      .addColumn('read_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('message_receipts_pk', ['conversation_id', 'seq', 'reader'])
      .execute();
    await db.schema
      .createTable('merger_records')
      .addColumn('download_key', 'text', (c) => c.primaryKey())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('depth', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('merger_records').execute();
    await db.schema.dropTable('message_receipts').execute();
    await db.schema.dropTable('message_reactions').execute();
    await db.schema.dropTable('message_hidden').execute();
    await db.schema.dropIndex('messages_changes').execute();
    await db.schema.alterTable('messages').dropColumn('change_seq').execute();
    await db.schema.alterTable('conversations').dropColumn('change_seq').execute();
  },
};
