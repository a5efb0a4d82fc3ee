import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Earlier contents of edited messages (decision 0046, EDIT5): one row per replaced payload, keyed by conversation,
 * message sequence and the version it had; read by that key's range. A message's rows go with it (EDIT8).
 */
export const messageVersionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // When the sender last changed the content (EDIT4); 0 for a message never edited. A constant default adds the
    // column without rewriting the table on either database.
    await db.schema
      .alterTable('messages')
      .addColumn('edited_at', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
    await db.schema
      .createTable('message_versions')
      .addColumn('conversation_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('replaced_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('message_versions_pk', ['conversation_id', 'seq', 'version'])
      // The key's prefix is the message's: a purged, trimmed or cascaded message takes its versions with it (EDIT8).
      .addForeignKeyConstraint(
        'message_versions_message_fk',
        ['conversation_id', 'seq'],
        'messages',
        ['conversation_id', 'seq'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('message_versions').execute();
    await db.schema.alterTable('messages').dropColumn('edited_at').execute();
  },
};
