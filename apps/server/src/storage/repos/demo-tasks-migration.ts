import type { Kysely, Migration } from 'kysely';

/**
 * Demo mode's tasks (decision 0054, DEMO2): one row per (user, task) done. Keyed by the user, so a user's list is one
 * range read; the account's deletion takes its rows.
 */
export const demoTasksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('demo_tasks')
      .addColumn('user_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
      .addColumn('task', 'text', (c) => c.notNull())
      .addColumn('done_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('demo_tasks_pk', ['user_id', 'task'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('demo_tasks').execute();
  },
};
