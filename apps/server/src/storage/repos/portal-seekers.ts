import type { Kysely, Selectable } from 'kysely';
import type { PortalRepo, ResumeRow } from '../../domain/portal/ports.ts';
import type { Database } from '../schema.ts';
import type { PortalResumesTable } from './portal-schema.ts';

export const toResume = (r: Selectable<PortalResumesTable>): ResumeRow => ({
  userID: r.user_id,
  name: r.name,
  gender: Number(r.gender),
  birthYear: Number(r.birth_year),
  education: r.education,
  citys: r.citys,
  intention: r.intention,
  intro: r.intro,
  updatedAt: Number(r.updated_at),
});

export function seekerRepo(
  db: Kysely<Database>,
): Pick<PortalRepo, 'resume' | 'putResume' | 'expertApplication' | 'addExpertApplication'> {
  return {
    async resume(userID) {
      const r = await db.selectFrom('portal_resumes').selectAll().where('user_id', '=', userID).executeTakeFirst();
      return r && toResume(r);
    },
    async putResume(row) {
      const values = {
        name: row.name,
        gender: row.gender,
        birth_year: row.birthYear,
        education: row.education,
        citys: row.citys,
        intention: row.intention,
        intro: row.intro,
        updated_at: row.updatedAt,
      };
      await db
        .insertInto('portal_resumes')
        .values({ user_id: row.userID, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },
    async expertApplication(userID) {
      const r = await db
        .selectFrom('portal_expert_applications')
        .selectAll()
        .where('user_id', '=', userID)
        .executeTakeFirst();
      return (
        r && {
          userID: r.user_id,
          field: r.field,
          intro: r.intro,
          status: Number(r.status),
          createdAt: Number(r.created_at),
        }
      );
    },
    async addExpertApplication(row) {
      const result = await db
        .insertInto('portal_expert_applications')
        .values({
          user_id: row.userID,
          field: row.field,
          intro: row.intro,
          status: row.status,
          created_at: row.createdAt,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}
