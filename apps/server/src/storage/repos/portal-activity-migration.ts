import type { Kysely, Migration } from 'kysely';

const ACTIVITY_TABLES = ['portal_applications', 'portal_invitations'] as const;

/** Applications and invitations share a shape: one row per (job, job seeker), listed per side, newest first. */
async function activityTable(db: Kysely<unknown>, table: (typeof ACTIVITY_TABLES)[number]): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('job_id', 'integer', (c) => c.notNull().references('portal_jobs.id').onDelete('cascade'))
    .addColumn('seeker_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, ['job_id', 'seeker_id'])
    .execute();
  await db.schema.createIndex(`${table}_seeker`).on(table).columns(['seeker_id', 'created_at']).execute();
  await db.schema.createIndex(`${table}_company`).on(table).columns(['company_id', 'created_at']).execute();
}

/** The centres' activity (decision 0013, PRT17-PRT23): applications, invitations, saved jobs. */
export const portalActivityMigration: Migration = {
  async up(db) {
    for (const table of ACTIVITY_TABLES) await activityTable(db, table);
    await db.schema
      .createTable('portal_saved_jobs')
      .addColumn('user_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
      .addColumn('job_id', 'integer', (c) => c.notNull().references('portal_jobs.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('portal_saved_jobs_pk', ['user_id', 'job_id'])
      .execute();
    await db.schema
      .createIndex('portal_jobs_company')
      .on('portal_jobs')
      .columns(['company_id', 'created_at'])
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('portal_jobs_company').execute();
    await db.schema.dropTable('portal_saved_jobs').execute();
    for (const table of ACTIVITY_TABLES) await db.schema.dropTable(table).execute();
  },
};
