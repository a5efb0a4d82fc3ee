import type { Kysely, Migration } from 'kysely';

/**
 * The upload ledger (decision 0024): what each user stored, so a quota can be checked before a body is stored
 * (ABU6), an unsent upload deleted (ABU7) and old unsent ones swept (ABU9). The file store keeps the bytes and the
 * records; this table only counts and marks them.
 */
export const uploadLedgerMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('upload_files')
      .addColumn('file_id', 'text', (c) => c.primaryKey())
      .addColumn('upload_id', 'text', (c) => c.notNull())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('object_key', 'text', (c) => c.notNull())
      .addColumn('bytes', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('referenced', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('upload_files_owner').on('upload_files').column('owner').execute();
    await db.schema.createIndex('upload_files_upload').on('upload_files').column('upload_id').execute();
    await db.schema.createIndex('upload_files_object').on('upload_files').column('object_key').execute();
    await db.schema
      .createIndex('upload_files_sweep')
      .on('upload_files')
      .columns(['referenced', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('upload_files').execute();
  },
};
