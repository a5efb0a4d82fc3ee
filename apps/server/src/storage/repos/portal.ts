import type { Kysely } from 'kysely';
import type { CompanyRow, PortalRepo } from '../../domain/portal/ports.ts';
import type { Database } from '../schema.ts';
import { activityRepo } from './portal-activity.ts';
import { contentRepo } from './portal-content.ts';
import { jobsRepo } from './portal-jobs.ts';
import { pagesRepo } from './portal-pages.ts';
import { seekerRepo } from './portal-seekers.ts';

export function portalRepo(db: Kysely<Database>): PortalRepo {
  return {
    async jobGroups() {
      const rows = await db.selectFrom('portal_job_groups').selectAll().orderBy('sort').orderBy('id').execute();
      return rows.map((r) => ({ id: Number(r.id), title: r.title, sort: Number(r.sort) }));
    },
    async putJobGroup(row) {
      await db.insertInto('portal_job_groups').values(row).execute();
    },
    async countJobGroups() {
      const r = await db
        .selectFrom('portal_job_groups')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async company(userID) {
      const r = await db.selectFrom('portal_companies').selectAll().where('user_id', '=', userID).executeTakeFirst();
      const row: CompanyRow | undefined = r && {
        userID: r.user_id,
        title: r.title,
        intro: r.intro,
        scale: r.scale,
        industry: r.industry,
        address: r.address,
      };
      return row;
    },
    async putCompany(row) {
      const values = {
        title: row.title,
        intro: row.intro,
        scale: row.scale,
        industry: row.industry,
        address: row.address,
      };
      await db
        .insertInto('portal_companies')
        .values({ user_id: row.userID, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },
    ...jobsRepo(db),
    ...contentRepo(db),
    ...seekerRepo(db),
    ...activityRepo(db),
    ...pagesRepo(db),
  };
}
