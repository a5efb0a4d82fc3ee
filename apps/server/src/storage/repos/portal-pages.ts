import { type Kysely, sql } from 'kysely';
import type { PortalPagesRepo } from '../../domain/portal/pages-ports.ts';
import type { Database } from '../schema.ts';
import { activityBase, selectActivities } from './portal-activity.ts';
import { feedbackRepo } from './portal-feedback.ts';
import { jobBase, jobView } from './portal-jobs.ts';
import { toResume } from './portal-seekers.ts';

const count = (n: { n: unknown } | undefined) => Number(n?.n ?? 0);
const isDuplicate = (err: unknown) => /unique|duplicate|23505/i.test(`${(err as { code?: string }).code} ${err}`);

function views(db: Kysely<Database>): Pick<PortalPagesRepo, 'viewJob' | 'viewedJobs' | 'viewResume' | 'resumeViewers'> {
  return {
    async viewJob(userID, jobID, at) {
      await db
        .insertInto('portal_job_views')
        .values({ user_id: userID, job_id: jobID, viewed_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'job_id']).doUpdateSet({ viewed_at: at }))
        .execute();
    },
    async viewedJobs(userID, offset, limit) {
      const base = jobBase(db).innerJoin('portal_job_views as v', 'v.job_id', 'j.id').where('v.user_id', '=', userID);
      const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      const rows = await base
        .selectAll('j')
        .select(['g.title as group_title', 'c.title as company_title', 'v.viewed_at'])
        .orderBy('v.viewed_at', 'desc')
        .orderBy('j.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return { rows: rows.map((r) => ({ ...jobView(r), viewedAt: Number(r.viewed_at) })), total: count(total) };
    },
    async viewResume(seekerID, companyID, at) {
      await db
        .insertInto('portal_resume_views')
        .values({ seeker_id: seekerID, company_id: companyID, viewed_at: at })
        .onConflict((oc) => oc.columns(['seeker_id', 'company_id']).doUpdateSet({ viewed_at: at }))
        .execute();
    },
    async resumeViewers(seekerID, offset, limit) {
      const base = db
        .selectFrom('portal_resume_views as v')
        .leftJoin('portal_companies as c', 'c.user_id', 'v.company_id')
        .where('v.seeker_id', '=', seekerID);
      const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      const rows = await base
        .select(['v.company_id', 'v.viewed_at', 'c.title'])
        .orderBy('v.viewed_at', 'desc')
        .orderBy('v.company_id')
        .limit(limit)
        .offset(offset)
        .execute();
      const list = rows.map((r) => ({
        companyID: r.company_id,
        companyTitle: r.title ?? '',
        viewedAt: Number(r.viewed_at),
      }));
      return { rows: list, total: count(total) };
    },
  };
}

function identity(
  db: Kysely<Database>,
): Pick<
  PortalPagesRepo,
  'verification' | 'addVerification' | 'certification' | 'certificationByCode' | 'putCertification'
> {
  const cert = (r: { user_id: string; name: string; code: string; status: number; created_at: number }) => ({
    userID: r.user_id,
    name: r.name,
    code: r.code,
    status: Number(r.status),
    createdAt: Number(r.created_at),
  });
  return {
    async verification(userID) {
      const r = await db
        .selectFrom('portal_verifications')
        .selectAll()
        .where('user_id', '=', userID)
        .executeTakeFirst();
      return (
        r && {
          userID: r.user_id,
          name: r.name,
          idNumber: r.id_number,
          status: Number(r.status),
          createdAt: Number(r.created_at),
        }
      );
    },
    async addVerification(row) {
      const result = await db
        .insertInto('portal_verifications')
        .values({
          user_id: row.userID,
          name: row.name,
          id_number: row.idNumber,
          status: row.status,
          created_at: row.createdAt,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async certification(userID) {
      const r = await db
        .selectFrom('portal_certifications')
        .selectAll()
        .where('user_id', '=', userID)
        .executeTakeFirst();
      return r && cert(r);
    },
    async certificationByCode(code) {
      const r = await db.selectFrom('portal_certifications').selectAll().where('code', '=', code).executeTakeFirst();
      return r && cert(r);
    },
    async putCertification(row) {
      const values = { name: row.name, code: row.code, status: row.status, created_at: row.createdAt };
      try {
        await db
          .insertInto('portal_certifications')
          .values({ user_id: row.userID, ...values })
          .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
          .execute();
        return true;
      } catch (err) {
        // The code's unique key: another account certified it between our read and this write.
        if (isDuplicate(err)) return false;
        throw err;
      }
    },
  };
}

function privacySettings(db: Kysely<Database>): Pick<PortalPagesRepo, 'privacy' | 'putPrivacy'> {
  return {
    async privacy(userID) {
      const r = await db.selectFrom('portal_privacy').selectAll().where('user_id', '=', userID).executeTakeFirst();
      return r && { userID: r.user_id, visible: Number(r.visible), showName: Number(r.show_name) };
    },
    async putPrivacy(row) {
      const values = { visible: row.visible, show_name: row.showName };
      await db
        .insertInto('portal_privacy')
        .values({ user_id: row.userID, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },
  };
}

/** A complete resume (PRT12) whose owner lets enterprises see it (PCP8). */
function visibleResumes(db: Kysely<Database>) {
  return db
    .selectFrom('portal_resumes as r')
    .innerJoin('accounts as acc', 'acc.user_id', 'r.user_id')
    .leftJoin('profiles as p', 'p.user_id', 'r.user_id')
    .leftJoin('portal_privacy as pv', 'pv.user_id', 'r.user_id')
    .where('acc.identity', '=', 1)
    .where((eb) => eb.or([eb('pv.visible', 'is', null), eb('pv.visible', '=', 1)]))
    .where('r.name', '<>', '')
    .where('r.gender', '>', 0)
    .where('r.birth_year', '>', 0)
    .where('r.education', '<>', '')
    .where('r.citys', '<>', '')
    .where('r.intention', '<>', '')
    .where('r.intro', '<>', '');
}

function matching(db: Kysely<Database>): Pick<PortalPagesRepo, 'matches'> {
  return {
    async matches(companyID, offset, limit) {
      // One row per job seeker: the newest open job of the company whose title or group the intention names,
      // or whose title names the intention.
      const matchOf = (column: 'j.id' | 'j.title') =>
        db
          .selectFrom('portal_jobs as j')
          .leftJoin('portal_job_groups as g', 'g.id', 'j.group_id')
          .select(column)
          .where('j.company_id', '=', companyID)
          .where('j.status', '=', 1)
          .where((eb) =>
            eb.or([
              // `like` with || works on both databases (SQLite has no strpos, PostgreSQL no instr).
              eb(sql`lower(r.intention)`, 'like', sql`'%' || lower(j.title) || '%'`),
              eb(sql`lower(j.title)`, 'like', sql`'%' || lower(r.intention) || '%'`),
              eb.and([
                eb(sql`coalesce(g.title, '')`, '<>', ''),
                eb(sql`lower(r.intention)`, 'like', sql`'%' || lower(g.title) || '%'`),
              ]),
            ]),
          )
          .orderBy('j.created_at', 'desc')
          .orderBy('j.id', 'desc')
          .limit(1);
      const base = visibleResumes(db).where((eb) => eb.exists(matchOf('j.id')));
      const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      const rows = await base
        .selectAll('r')
        .select(['p.nick', 'pv.show_name'])
        .select(matchOf('j.id').as('match_id'))
        .select(matchOf('j.title').as('match_title'))
        .orderBy('r.updated_at', 'desc')
        .orderBy('r.user_id')
        .limit(limit)
        .offset(offset)
        .execute();
      const list = rows.map((r) => ({
        ...toResume(r),
        nick: r.nick ?? '',
        showName: Number(r.show_name ?? 1),
        jobID: Number(r.match_id),
        jobTitle: String(r.match_title ?? ''),
      }));
      return { rows: list, total: count(total) };
    },
  };
}

function applications(
  db: Kysely<Database>,
): Pick<PortalPagesRepo, 'setApplicationStatus' | 'markApplicationsViewed' | 'applicationsOf'> {
  return {
    async setApplicationStatus(key, status, at) {
      const r = await db
        .updateTable('portal_applications')
        .set({ status, status_time: at })
        .where('job_id', '=', key.jobID)
        .where('seeker_id', '=', key.seekerID)
        .where('company_id', '=', key.companyID)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async markApplicationsViewed(seekerID, companyID, at) {
      await db
        .updateTable('portal_applications')
        .set({ status: 1, status_time: at })
        .where('seeker_id', '=', seekerID)
        .where('company_id', '=', companyID)
        .where('status', '=', 0)
        .execute();
    },
    async applicationsOf(q, limit) {
      let base = activityBase(db, 'application').where('a.company_id', '=', q.companyID);
      if (q.jobID !== undefined) base = base.where('a.job_id', '=', q.jobID);
      if (q.seekerID !== undefined) base = base.where('a.seeker_id', '=', q.seekerID);
      return selectActivities(base, 0, limit);
    },
  };
}

function jobFairs(
  db: Kysely<Database>,
): Pick<PortalPagesRepo, 'jobFairIDs' | 'joinJobFair' | 'leaveJobFair' | 'usage'> {
  return {
    async jobFairIDs(companyID) {
      const rows = await db
        .selectFrom('portal_jobfair_bookings')
        .select('article_id')
        .where('company_id', '=', companyID)
        .execute();
      return rows.map((r) => Number(r.article_id));
    },
    async joinJobFair(companyID, articleID, at) {
      await db
        .insertInto('portal_jobfair_bookings')
        .values({ company_id: companyID, article_id: articleID, created_at: at })
        .onConflict((oc) => oc.columns(['company_id', 'article_id']).doNothing())
        .execute();
    },
    async leaveJobFair(companyID, articleID) {
      await db
        .deleteFrom('portal_jobfair_bookings')
        .where('company_id', '=', companyID)
        .where('article_id', '=', articleID)
        .execute();
    },
    async usage(companyID, since) {
      const jobs = await db
        .selectFrom('portal_jobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyID)
        .where('status', '=', 1)
        .executeTakeFirst();
      const invitations = await db
        .selectFrom('portal_invitations')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyID)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      const fairs = await db
        .selectFrom('portal_jobfair_bookings')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyID)
        .executeTakeFirst();
      return { openJobs: count(jobs), invitations: count(invitations), jobFairs: count(fairs) };
    },
  };
}

export function pagesRepo(db: Kysely<Database>): PortalPagesRepo {
  return {
    ...views(db),
    ...identity(db),
    ...feedbackRepo(db),
    ...privacySettings(db),
    ...matching(db),
    ...applications(db),
    ...jobFairs(db),
  };
}
