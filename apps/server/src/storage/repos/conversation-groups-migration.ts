import type { Kysely, Migration } from 'kysely';

/**
 * Conversation groups and custom data (decision 0049). The names, in the order made, are one table; which groups
 * hold a conversation and its custom data are two columns of my member row, so the list reads them with the row it
 * already reads (GRW3) and a change bumps the row's sync version like a pin or a mark (CGRP1, CGRP14). The groups
 * of a row are a JSON array of names: at most 20 (CGRP3), rewritten only when I change them.
 */
export const conversationGroupsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('conversation_groups')
      .addColumn('user_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('conversation_groups_pk', ['user_id', 'name'])
      .execute();
    await db.schema
      .alterTable('conversation_members')
      .addColumn('group_names', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('conversation_members')
      .addColumn('custom_data', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('conversation_members').dropColumn('custom_data').execute();
    await db.schema.alterTable('conversation_members').dropColumn('group_names').execute();
    await db.schema.dropTable('conversation_groups').execute();
  },
};
