import type { Kysely, Migration } from 'kysely';

/**
 * The operator's answer to a feedback item (PCP14): the time of the reply beside the `reply` text of
 * migration 0013 (0 while none). The admin API lists open items by this index.
 */
export const portalFeedbackReplyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('portal_feedback')
      .addColumn('replied_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('portal_feedback_status')
      .on('portal_feedback')
      .columns(['status', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('portal_feedback_status').execute();
    await db.schema.alterTable('portal_feedback').dropColumn('replied_at').execute();
  },
};
