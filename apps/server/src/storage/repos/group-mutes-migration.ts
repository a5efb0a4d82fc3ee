import type { Kysely, Migration } from 'kysely';

/**
 * Mutes of members who left the group (rule ABU10): the mute lives in the member row, which goes when the member
 * quits or is removed, so it is kept here until they join again (or it would have ended anyway).
 */
export const groupMutesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('group_mutes')
      .addColumn('group_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('mute_until', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('group_mutes_pk', ['group_id', 'user_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('group_mutes').execute();
  },
};
