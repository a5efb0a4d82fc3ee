import { type Kysely, type Migration, sql } from 'kysely';
import { onPostgres } from './search-migration.ts';

/**
 * Message reports (decision 0055): one row per report with the reported message and its context as they were
 * (RPT3), so a later recall or edit does not erase the evidence. At most one open report per reporter and message
 * (RPT4): a partial unique index, on both databases. Open reports are listed newest first (RPT9).
 */
export const messageReportsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = onPostgres(db);
    await db.schema
      .createTable('message_reports')
      .addColumn('id', pg ? sql`bigserial` : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('reporter', 'text', (c) => c.notNull())
      .addColumn('conversation_key', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('sender', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('snapshot', 'text', (c) => c.notNull())
      .addColumn('context', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('resolved_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('resolved_by', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createIndex('message_reports_open_one')
      .on('message_reports')
      .columns(['reporter', 'conversation_key', 'message_id'])
      .unique()
      .where(sql.ref('status'), '=', 'open')
      .execute();
    await db.schema
      .createIndex('message_reports_message')
      .on('message_reports')
      .columns(['conversation_key', 'message_id', 'status'])
      .execute();
    await db.schema.createIndex('message_reports_status').on('message_reports').columns(['status', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('message_reports').execute();
  },
};
