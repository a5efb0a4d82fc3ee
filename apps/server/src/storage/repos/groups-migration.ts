import type { Kysely, Migration } from 'kysely';

/**
 * Groups (decision 0012). A group's messages live in the shared `conversations` / `messages` tables under the key
 * `group:<groupID>`, and each member's read position in `conversation_members` (view `GROUP<groupID>`); these
 * tables hold what only groups have: the profile, roles and mutes, and join applications.
 */
export const groupsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('groups')
      .addColumn('group_id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('notification', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('join_option', 'text', (c) => c.notNull())
      .addColumn('max_members', 'integer', (c) => c.notNull())
      .addColumn('mute_all', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('info_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_info_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('dismissed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .createTable('group_members')
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.group_id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('join_time', 'bigint', (c) => c.notNull())
      .addColumn('join_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('mute_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('name_card', 'text', (c) => c.notNull().defaultTo(''))
      .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
      .execute();
    await db.schema.createIndex('group_members_user').on('group_members').column('user_id').execute();
    await db.schema
      .createTable('group_applications')
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.group_id').onDelete('cascade'))
      .addColumn('applicant', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('handled_by', 'text', (c) => c.notNull().defaultTo(''))
      .addPrimaryKeyConstraint('group_applications_pk', ['group_id', 'applicant'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('group_applications').execute();
    await db.schema.dropTable('group_members').execute();
    await db.schema.dropTable('groups').execute();
  },
};
