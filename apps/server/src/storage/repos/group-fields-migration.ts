import type { Kysely, Migration } from 'kysely';

/**
 * Group custom fields, invite option and members' last send time (decision 0012 addendum). Custom fields
 * are JSON arrays of `{key, value}` in the order the reference returns them; `last_send_time` is written by the
 * send path inside the batch's transaction (rule GRP21).
 */
export const groupFieldsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('groups')
      .addColumn('invite_option', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('groups')
      .addColumn('custom_fields', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('group_members')
      .addColumn('custom_fields', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('group_members')
      .addColumn('last_send_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('group_members').dropColumn('last_send_time').execute();
    await db.schema.alterTable('group_members').dropColumn('custom_fields').execute();
    await db.schema.alterTable('groups').dropColumn('custom_fields').execute();
    await db.schema.alterTable('groups').dropColumn('invite_option').execute();
  },
};
