import type { Kysely, Migration } from 'kysely';

/**
 * Drafts on the server (decision 0041, DRF1): one per member row, so the conversation list reads it with the row it
 * already reads (no extra query per conversation, GRW3) and a draft change bumps the row's sync version like a pin.
 */
export const conversationDraftsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('conversation_members')
      .addColumn('draft_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('conversation_members')
      .addColumn('draft_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('conversation_members').dropColumn('draft_time').execute();
    await db.schema.alterTable('conversation_members').dropColumn('draft_text').execute();
  },
};
