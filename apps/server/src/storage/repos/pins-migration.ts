import type { Kysely, Migration } from 'kysely';

/** Pinned group messages (decision 0041, PIN1): a few rows per group, read by the group's primary key range. */
export const groupPinsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('group_pins')
      .addColumn('group_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .addColumn('pinned_by', 'text', (c) => c.notNull())
      .addColumn('pinned_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('group_pins_pk', ['group_id', 'seq'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('group_pins').execute();
  },
};
