import { type Kysely, type Selectable, sql } from 'kysely';
import type { JobRow, JobView, PortalRepo } from '../../domain/portal/ports.ts';
import type { Database } from '../schema.ts';
import { likePattern } from './portal-content.ts';
import type { PortalJobsTable } from './portal-schema.ts';

const toJob = (r: Selectable<PortalJobsTable>): JobRow => ({
  id: Number(r.id),
  companyID: r.company_id,
  groupID: Number(r.group_id),
  title: r.title,
  nature: Number(r.nature),
  salary: r.salary,
  province: r.province,
  citys: r.citys,
  area: r.area,
  cityName: r.city_name,
  address: r.address,
  education: r.education,
  experience: r.experience,
  headcount: Number(r.headcount),
  description: r.description,
  requirements: r.requirements,
  lng: Number(r.lng),
  lat: Number(r.lat),
  status: Number(r.status),
  createdAt: Number(r.created_at),
});

type JoinedJob = Selectable<PortalJobsTable> & { group_title: string | null; company_title: string | null };

/** A job row of jobBase() with its group and company titles selected. */
/** A job's columns but its ID, as written by the seed (`putJob`) and by an enterprise posting one (`addJob`). */
export const jobColumns = (row: Omit<JobRow, 'id'>) => ({
  company_id: row.companyID,
  group_id: row.groupID,
  title: row.title,
  nature: row.nature,
  salary: row.salary,
  province: row.province,
  citys: row.citys,
  area: row.area,
  city_name: row.cityName,
  address: row.address,
  education: row.education,
  experience: row.experience,
  headcount: row.headcount,
  description: row.description,
  requirements: row.requirements,
  lng: row.lng,
  lat: row.lat,
  status: row.status,
  created_at: row.createdAt,
});

export const jobView = (r: JoinedJob): JobView => ({
  ...toJob(r),
  groupTitle: r.group_title ?? '',
  companyTitle: r.company_title ?? '',
});

/** Jobs with their group and company, for selectAll('j') plus the two titles. */
export function jobBase(db: Kysely<Database>) {
  return db
    .selectFrom('portal_jobs as j')
    .leftJoin('portal_job_groups as g', 'g.id', 'j.group_id')
    .leftJoin('portal_companies as c', 'c.user_id', 'j.company_id');
}

export function jobsRepo(db: Kysely<Database>): Pick<PortalRepo, 'putJob' | 'job' | 'searchJobs'> {
  return {
    async putJob(row: JobRow) {
      await db
        .insertInto('portal_jobs')
        .values({ id: row.id, ...jobColumns(row) })
        .execute();
    },
    async job(id) {
      const r = await jobBase(db)
        .selectAll('j')
        .select(['g.title as group_title', 'c.title as company_title'])
        .where('j.id', '=', id)
        .executeTakeFirst();
      return r && jobView(r);
    },
    async searchJobs(q) {
      let base =
        q.companyID === undefined
          ? jobBase(db).where('j.status', '=', 1)
          : jobBase(db).where('j.company_id', '=', q.companyID);
      if (q.groupID !== undefined) base = base.where('j.group_id', '=', q.groupID);
      if (q.nature !== undefined) base = base.where('j.nature', '=', q.nature);
      if (q.province) base = base.where('j.province', '=', q.province);
      if (q.citys) base = base.where('j.citys', '=', q.citys);
      if (q.area) base = base.where('j.area', '=', q.area);
      if (q.keyword) {
        const p = likePattern(q.keyword);
        base = base.where((eb) =>
          eb.or([
            eb(sql`lower(j.title)`, 'like', sql`${p} escape '\\'`),
            eb(sql`lower(coalesce(c.title, ''))`, 'like', sql`${p} escape '\\'`),
            eb(sql`lower(coalesce(g.title, ''))`, 'like', sql`${p} escape '\\'`),
          ]),
        );
      }
      const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .selectAll('j')
        .select(['g.title as group_title', 'c.title as company_title'])
        .orderBy('j.created_at', 'desc')
        .orderBy('j.id', 'desc')
        .limit(q.limit)
        .offset(q.offset)
        .execute();
      return { rows: rows.map(jobView) as JobView[], total: Number(total.n) };
    },
  };
}
