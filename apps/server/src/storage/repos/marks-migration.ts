import type { Kysely, Migration } from 'kysely';

/**
 * Conversation marks (decision 0043, MARK1): one set per member row, so the list reads it with the row it already
 * reads (GRW3) and a change bumps the row's sync version like a pin. The set is 64 bits (TIM's marks go up to
 * 2^63), kept as the unsigned decimal of the mask: neither SQLite's nor PostgreSQL's signed 64-bit integer holds bit
 * 63, and a JavaScript number would round the set beyond 2^53.
 */
export const conversationMarksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('conversation_members')
      .addColumn('mark_mask', 'text', (c) => c.notNull().defaultTo('0'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('conversation_members').dropColumn('mark_mask').execute();
  },
};
