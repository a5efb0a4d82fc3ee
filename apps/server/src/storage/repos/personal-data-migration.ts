import type { Kysely, Migration } from 'kysely';

/**
 * Deleted accounts (decision 0051, PDAT10): the user ID of an account that was deleted, and when. Everything else of
 * the account is gone; this row keeps the ID from being registered again (the deleted user's messages stay in other
 * people's histories under it) and lets the token check refuse every userSig ever issued to it.
 */
export const deletedAccountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('deleted_accounts')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('deleted_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('deleted_accounts').execute();
  },
};
