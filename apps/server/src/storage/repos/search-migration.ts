import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/** True on PostgreSQL: the one migration whose statements differ by database (decision 0040). */
export const onPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Message search (decision 0040, SRCH13–SRCH17). Only the empty index is made here, so the migration is quick
 * whatever the history's size; the messages already stored are indexed afterwards, in small batches off the
 * request path (`search_backfill`, SRCH16), while new ones are indexed by the send path.
 *
 * - SQLite: a contentless FTS5 table keyed by the message's rowid (VACUUM keeps rowids of tables without an
 *   INTEGER PRIMARY KEY in the SQLite this ships with, checked by the contract suite), `detail=none` (no positions:
 *   phrases are not used, SRCH3), the `ascii` tokenizer (tokens are made in TypeScript; spaces separate them).
 *   A trigger takes a deleted message out (retention purge, AVChatRoom trimming, a conversation's cascade).
 * - PostgreSQL: a `tsvector` column of the message itself (`array_to_tsvector`, no parser) and a GIN index;
 *   adding a nullable column rewrites nothing, and the index of an all-null column builds at once.
 */
export const searchMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = onPostgres(db);
    await db.schema
      .createTable('search_backfill')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('after_conversation', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('after_seq', 'bigint', (c) => c.notNull().defaultTo(-1))
      .addColumn('upto_rowid', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    if (pg) {
      await sql`alter table messages add column search tsvector`.execute(db);
      await sql`create index messages_search on messages using gin (search)`.execute(db);
      await sql`insert into search_backfill (name) values ('messages')`.execute(db);
      return;
    }
    await sql`create virtual table message_fts using fts5(tokens, content='', contentless_delete=1, detail=none,
      tokenize='ascii')`.execute(db);
    await sql`create trigger messages_search_delete after delete on messages begin
      delete from message_fts where rowid = old.rowid; end`.execute(db);
    // The backfill walks rowids up to the last one stored now; later ones are the send path's (SRCH16).
    await sql`insert into search_backfill (name, after_seq, upto_rowid)
      select 'messages', 0, coalesce(max(rowid), 0) from messages`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (onPostgres(db)) {
      await sql`drop index messages_search`.execute(db);
      await sql`alter table messages drop column search`.execute(db);
    } else {
      await sql`drop trigger messages_search_delete`.execute(db);
      await sql`drop table message_fts`.execute(db);
    }
    await db.schema.dropTable('search_backfill').execute();
  },
};
