import { type Kysely, sql } from 'kysely';
import type { ActivityKind, ActivityView, PortalActivityRepo } from '../../domain/portal/activity-ports.ts';
import type { Database } from '../schema.ts';
import { jobBase, jobColumns, jobView } from './portal-jobs.ts';
import { toResume } from './portal-seekers.ts';

const TABLE = { application: 'portal_applications', invitation: 'portal_invitations' } as const;
// Both tables have the same columns; Kysely needs one literal name to type the query.
const from = (kind: ActivityKind) => `${TABLE[kind]} as a` as 'portal_applications as a';

/** The resume columns of a left join, null when the job seeker has none. */
const RESUME_COLUMNS = [
  'r.user_id as r_user_id',
  'r.name as r_name',
  'r.gender as r_gender',
  'r.birth_year as r_birth_year',
  'r.education as r_education',
  'r.citys as r_citys',
  'r.intention as r_intention',
  'r.intro as r_intro',
  'r.updated_at as r_updated_at',
] as const;

type ResumeColumns = {
  r_user_id: string | null;
  r_name: string | null;
  r_gender: number | null;
  r_birth_year: number | null;
  r_education: string | null;
  r_citys: string | null;
  r_intention: string | null;
  r_intro: string | null;
  r_updated_at: number | null;
};

function joinedResume(r: ResumeColumns) {
  if (r.r_user_id === null) return undefined;
  return toResume({
    user_id: r.r_user_id,
    name: r.r_name ?? '',
    gender: r.r_gender ?? 0,
    birth_year: r.r_birth_year ?? 0,
    education: r.r_education ?? '',
    citys: r.r_citys ?? '',
    intention: r.r_intention ?? '',
    intro: r.r_intro ?? '',
    updated_at: r.r_updated_at ?? 0,
  });
}

/** A duplicate key on insert: the next free job ID was taken by a concurrent post (PostgreSQL). */
const isDuplicate = (err: unknown) => /unique|duplicate|23505/i.test(`${(err as { code?: string }).code} ${err}`);

/** The joined row an activity query selects. */
type ActivityJoined = ResumeColumns & {
  job_id: number;
  seeker_id: string;
  company_id: string;
  note: string;
  created_at: number;
  job_title: string;
  salary: string;
  city_name: string;
  company_title: string | null;
  nick: string | null;
  status: number;
  status_time: number;
};

function toActivityView(r: ActivityJoined): ActivityView {
  return {
    jobID: Number(r.job_id),
    seekerID: r.seeker_id,
    companyID: r.company_id,
    note: r.note,
    createdAt: Number(r.created_at),
    jobTitle: r.job_title,
    salary: r.salary,
    cityName: r.city_name,
    companyTitle: r.company_title ?? '',
    seekerNick: r.nick ?? '',
    resume: joinedResume(r),
    status: Number(r.status),
    statusTime: Number(r.status_time),
  };
}

/** Applications or invitations joined with the job, company, resume and nick (select with activitySelect). */
export function activityBase(db: Kysely<Database>, kind: ActivityKind) {
  return db
    .selectFrom(from(kind))
    .innerJoin('portal_jobs as j', 'j.id', 'a.job_id')
    .leftJoin('portal_companies as c', 'c.user_id', 'a.company_id')
    .leftJoin('portal_resumes as r', 'r.user_id', 'a.seeker_id')
    .leftJoin('profiles as p', 'p.user_id', 'a.seeker_id');
}

/** Runs a query of activityBase() and maps its rows, newest first. */
export async function selectActivities(
  base: ReturnType<typeof activityBase>,
  offset: number,
  limit: number,
): Promise<ActivityView[]> {
  const rows = await base
    .selectAll('a')
    .select(['j.title as job_title', 'j.salary', 'j.city_name', 'c.title as company_title', 'p.nick'])
    .select(RESUME_COLUMNS)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.job_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => toActivityView(r as unknown as ActivityJoined));
}

function activities(db: Kysely<Database>): Pick<PortalActivityRepo, 'addActivity' | 'activities'> {
  return {
    async addActivity(kind, row) {
      const result = await db
        .insertInto(TABLE[kind])
        .values({
          job_id: row.jobID,
          seeker_id: row.seekerID,
          company_id: row.companyID,
          note: row.note,
          created_at: row.createdAt,
        })
        .onConflict((oc) => oc.columns(['job_id', 'seeker_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async activities(kind, q) {
      let base = activityBase(db, kind);
      if (q.seekerID !== undefined) base = base.where('a.seeker_id', '=', q.seekerID);
      if (q.companyID !== undefined) base = base.where('a.company_id', '=', q.companyID);
      if (q.jobID !== undefined) base = base.where('a.job_id', '=', q.jobID);
      const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const views = await selectActivities(base, q.offset, q.limit);
      return { rows: views, total: Number(total.n) };
    },
  };
}

export function activityRepo(db: Kysely<Database>): PortalActivityRepo {
  return {
    ...activities(db),
    async saveJob(userID, jobID, at) {
      await db
        .insertInto('portal_saved_jobs')
        .values({ user_id: userID, job_id: jobID, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'job_id']).doNothing())
        .execute();
    },
    async unsaveJob(userID, jobID) {
      await db.deleteFrom('portal_saved_jobs').where('user_id', '=', userID).where('job_id', '=', jobID).execute();
    },
    async savedJobs(userID, offset, limit) {
      const base = jobBase(db).innerJoin('portal_saved_jobs as s', 's.job_id', 'j.id').where('s.user_id', '=', userID);
      const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .selectAll('j')
        .select(['g.title as group_title', 'c.title as company_title'])
        .orderBy('s.created_at', 'desc')
        .orderBy('j.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return { rows: rows.map(jobView), total: Number(total.n) };
    },
    async addJob(row) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const inserted = await db
            .insertInto('portal_jobs')
            .values({ id: sql<number>`(select coalesce(max(id), 0) + 1 from portal_jobs)`, ...jobColumns(row) })
            .returning('id')
            .executeTakeFirstOrThrow();
          return Number(inserted.id);
        } catch (err) {
          if (attempt >= 5 || !isDuplicate(err)) throw err;
        }
      }
    },
    async talent(offset, limit) {
      const base = db
        .selectFrom('portal_resumes as r')
        .innerJoin('accounts as acc', 'acc.user_id', 'r.user_id')
        .leftJoin('profiles as p', 'p.user_id', 'r.user_id')
        // PCP8: a job seeker who hides the resume is not in the pool.
        .leftJoin('portal_privacy as pv', 'pv.user_id', 'r.user_id')
        .where((eb) => eb.or([eb('pv.visible', 'is', null), eb('pv.visible', '=', 1)]))
        .where('acc.identity', '=', 1)
        .where('r.name', '<>', '')
        .where('r.gender', '>', 0)
        .where('r.birth_year', '>', 0)
        .where('r.education', '<>', '')
        .where('r.citys', '<>', '')
        .where('r.intention', '<>', '')
        .where('r.intro', '<>', '');
      const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .selectAll('r')
        .select(['p.nick', 'pv.show_name'])
        .orderBy('r.updated_at', 'desc')
        .orderBy('r.user_id')
        .limit(limit)
        .offset(offset)
        .execute();
      const list = rows.map((r) => ({ ...toResume(r), nick: r.nick ?? '', showName: Number(r.show_name ?? 1) }));
      return { rows: list, total: Number(total.n) };
    },
    async setPasswordHash(userID, hash) {
      await db.updateTable('accounts').set({ password_hash: hash }).where('user_id', '=', userID).execute();
    },
  };
}
