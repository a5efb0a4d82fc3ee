import { type Kysely, type Migration, sql } from 'kysely';
import { onPostgres } from './search-migration.ts';

/**
 * The admin console (decision 0053): admin accounts with a role (ADM1), their console sessions by the hash of the
 * cookie (ADM5), the append-only audit log (ADM12; triggers refuse UPDATE and DELETE on both databases, so not even a
 * bug in a route can rewrite history), the console's settings (the prohibited-word list, ADM30) and a user's
 * disabled time (ADM20; 0 while enabled, a constant default that rewrites no row).
 */
export const adminConsoleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = onPostgres(db);
    await db.schema
      .createTable('admin_accounts')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('admin_sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('admin_audit')
      .addColumn('id', pg ? sql`bigserial` : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('admin_audit_actor').on('admin_audit').columns(['actor', 'id']).execute();
    await db.schema.createIndex('admin_audit_target').on('admin_audit').columns(['target', 'id']).execute();
    if (pg) {
      await sql`create function admin_audit_append_only() returns trigger language plpgsql as $$
        begin raise exception 'admin_audit is append-only'; end $$`.execute(db);
      await sql`create trigger admin_audit_no_change before update or delete on admin_audit
        for each row execute function admin_audit_append_only()`.execute(db);
    } else {
      await sql`create trigger admin_audit_no_update before update on admin_audit
        begin select raise(abort, 'admin_audit is append-only'); end`.execute(db);
      await sql`create trigger admin_audit_no_delete before delete on admin_audit
        begin select raise(abort, 'admin_audit is append-only'); end`.execute(db);
    }
    await db.schema
      .createTable('admin_settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .alterTable('accounts')
      .addColumn('disabled_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('accounts').dropColumn('disabled_at').execute();
    await db.schema.dropTable('admin_settings').execute();
    await db.schema.dropTable('admin_audit').execute();
    if (onPostgres(db)) await sql`drop function if exists admin_audit_append_only()`.execute(db);
    await db.schema.dropTable('admin_sessions').execute();
    await db.schema.dropTable('admin_accounts').execute();
  },
};
