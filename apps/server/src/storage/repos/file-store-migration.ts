import type { Kysely, Migration } from 'kysely';
import { onPostgres } from './search-migration.ts';

/**
 * The upload store in the database (decision 0052, UPL26): every node of a PostgreSQL deployment reads and writes
 * the same uploads. The bytes go in ~256 KB rows so that no statement, and no server, holds a whole file. Created on
 * SQLite too (one schema for both), where it stays empty: a single SQLite node keeps its uploads on disk.
 */
export const fileStoreMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const bytes = onPostgres(db) ? 'bytea' : 'blob';
    await db.schema
      .createTable('file_objects')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('chunk_bytes', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('file_chunks')
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('data', bytes, (c) => c.notNull())
      .addPrimaryKeyConstraint('file_chunks_pk', ['key', 'seq'])
      .execute();
    await db.schema
      .createTable('file_records')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('body', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('file_records').execute();
    await db.schema.dropTable('file_chunks').execute();
    await db.schema.dropTable('file_objects').execute();
  },
};
