import type { Kysely, Migration } from 'kysely';

const ACTIVITY_TABLES = ['portal_applications', 'portal_invitations'] as const;
const USER = 'accounts.user_id';

/** The centre pages (PCP1-PCP12, decision 0018). */
export const portalPagesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Application status (PCP10). Invitations get the columns too, so both tables keep one shape (unused there).
    for (const table of ACTIVITY_TABLES) {
      await db.schema
        .alterTable(table)
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('status_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    }
    await db.schema
      .createTable('portal_job_views')
      .addColumn('user_id', 'text', (c) => c.notNull().references(USER).onDelete('cascade'))
      .addColumn('job_id', 'integer', (c) => c.notNull().references('portal_jobs.id').onDelete('cascade'))
      .addColumn('viewed_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('portal_job_views_pk', ['user_id', 'job_id'])
      .execute();
    await db.schema
      .createIndex('portal_job_views_user')
      .on('portal_job_views')
      .columns(['user_id', 'viewed_at'])
      .execute();
    await db.schema
      .createTable('portal_resume_views')
      .addColumn('seeker_id', 'text', (c) => c.notNull().references(USER).onDelete('cascade'))
      .addColumn('company_id', 'text', (c) => c.notNull().references(USER).onDelete('cascade'))
      .addColumn('viewed_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('portal_resume_views_pk', ['seeker_id', 'company_id'])
      .execute();
    await db.schema
      .createTable('portal_verifications')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references(USER).onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('id_number', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('portal_certifications')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references(USER).onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('portal_feedback')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references(USER).onDelete('cascade'))
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('contact', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('reply', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('portal_feedback_user')
      .on('portal_feedback')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('portal_privacy')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references(USER).onDelete('cascade'))
      .addColumn('visible', 'integer', (c) => c.notNull())
      .addColumn('show_name', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('portal_jobfair_bookings')
      .addColumn('company_id', 'text', (c) => c.notNull().references(USER).onDelete('cascade'))
      .addColumn('article_id', 'integer', (c) => c.notNull().references('portal_articles.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('portal_jobfair_bookings_pk', ['company_id', 'article_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['portal_jobfair_bookings', 'portal_privacy', 'portal_feedback', 'portal_certifications'])
      await db.schema.dropTable(t).execute();
    for (const t of ['portal_verifications', 'portal_resume_views', 'portal_job_views'])
      await db.schema.dropTable(t).execute();
    for (const table of ACTIVITY_TABLES) {
      await db.schema.alterTable(table).dropColumn('status_time').execute();
      await db.schema.alterTable(table).dropColumn('status').execute();
    }
  },
};
