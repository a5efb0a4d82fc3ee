import type { Kysely, Migration } from 'kysely';

/**
 * Friend groups (reference §7, rules CNT15–CNT19): a user's named groups of their own friends. A membership row
 * belongs to one direction of a friendship, so it goes with it (a deleted friend leaves every group).
 */
export const friendGroupsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('friend_groups')
      .addColumn('user_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('friend_groups_pk', ['user_id', 'name'])
      .execute();
    await db.schema
      .createTable('friend_group_members')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('friend_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('friend_group_members_pk', ['user_id', 'name', 'friend_id'])
      .addForeignKeyConstraint(
        'friend_group_members_friend',
        ['user_id', 'friend_id'],
        'friends',
        ['user_id', 'friend_id'],
        (c) => c.onDelete('cascade'),
      )
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('friend_group_members').execute();
    await db.schema.dropTable('friend_groups').execute();
  },
};
