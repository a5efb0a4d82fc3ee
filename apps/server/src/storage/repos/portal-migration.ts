import type { Kysely, Migration } from 'kysely';

const PORTAL_TABLES = [
  'portal_expert_applications',
  'portal_resumes',
  'portal_blocks',
  'portal_articles',
  'portal_jobs',
  'portal_companies',
  'portal_job_groups',
] as const;

async function jobTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portal_job_groups')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('portal_companies')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('accounts.user_id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scale', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('industry', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('portal_jobs')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('nature', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('salary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('province', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('citys', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('area', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('education', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('experience', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('headcount', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('requirements', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lng', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('lat', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_jobs_city').on('portal_jobs').columns(['citys', 'created_at']).execute();
  await db.schema.createIndex('portal_jobs_group').on('portal_jobs').columns(['group_id', 'created_at']).execute();
}

async function contentTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portal_articles')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sub', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('place', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('ends_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_articles_kind').on('portal_articles').columns(['kind', 'created_at']).execute();
  await db.schema
    .createTable('portal_blocks')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

async function seekerTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portal_resumes')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('accounts.user_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('birth_year', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('education', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('citys', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('intention', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('portal_expert_applications')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('accounts.user_id').onDelete('cascade'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

/** The recruitment portal's tables (decision 0010): job groups, companies, jobs, articles, blocks, resumes, experts. */
export const portalMigration: Migration = {
  async up(db) {
    await jobTables(db);
    await contentTables(db);
    await seekerTables(db);
  },
  async down(db) {
    for (const table of PORTAL_TABLES) await db.schema.dropTable(table).execute();
  },
};
