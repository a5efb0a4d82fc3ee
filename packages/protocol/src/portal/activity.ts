import { type Static, Type } from 'typebox';
import { JobCompanySchema, JobItemSchema } from './job.ts';
import { PId, PStrict, Paged, PageRequest, PText, PUid, RegionCode } from './shared.ts';

/**
 * The centres' activity (decision 0013, rules PRT17-PRT23): applications (投递记录), saved jobs, posting a job,
 * password change, talent pool and invitations. One application or invitation per (job, job seeker): that pair is
 * its key, so no synthetic ID is needed.
 */

/** job/apply, job/collect: a job by ID. `collect` 1 saves, 0 removes. */
export const JobApplyRequestSchema = Type.Object({ id: PId }, PStrict);
export type JobApplyRequest = Static<typeof JobApplyRequestSchema>;
export const JobCollectRequestSchema = Type.Object(
  { id: PId, collect: Type.Union([Type.Literal(0), Type.Literal(1)]) },
  PStrict,
);
export type JobCollectRequest = Static<typeof JobCollectRequestSchema>;
export const JobCollectDataSchema = Type.Object(
  { id: Type.Integer(), collected: Type.Union([Type.Literal(0), Type.Literal(1)]) },
  PStrict,
);
export type JobCollectData = Static<typeof JobCollectDataSchema>;

/** What an enterprise sees of a job seeker: the resume's summary and the chat user ID, never the mobile. */
export const SeekerCardSchema = Type.Object(
  {
    uid: Type.String({ description: 'the job seeker; also their chat user ID' }),
    name: Type.String(),
    gender: Type.Integer(),
    birth_year: Type.Integer(),
    education: Type.String(),
    citys: Type.String(),
    intention: Type.String(),
    intro: Type.String(),
  },
  PStrict,
);
export type SeekerCard = Static<typeof SeekerCardSchema>;

/** What an application and an invitation share: the job (as the list shows it), the job seeker and when. */
const ActivityBase = {
  job: Type.Object(
    {
      id: Type.Integer(),
      title: Type.String(),
      salary: Type.String(),
      city_name: Type.String(),
      company: JobCompanySchema,
    },
    PStrict,
  ),
  seeker: SeekerCardSchema,
  time: Type.Integer(),
};

/** One application, with its status (PCP10: 0 submitted, 1 viewed, 2 interview, 3 not suitable, 4 hired). */
export const ApplicationItemSchema = Type.Object(
  { ...ActivityBase, status: Type.Integer(), status_time: Type.Integer({ description: 'last status change; 0 none' }) },
  PStrict,
);
export type ApplicationItem = Static<typeof ApplicationItemSchema>;
export const ApplicationPageSchema = Paged(ApplicationItemSchema);
export type ApplicationPage = Static<typeof ApplicationPageSchema>;

/** One invitation: the shared shape plus the enterprise's note. */
export const InvitationItemSchema = Type.Object({ ...ActivityBase, note: Type.String() }, PStrict);
export type InvitationItem = Static<typeof InvitationItemSchema>;
export const InvitationPageSchema = Paged(InvitationItemSchema);
export type InvitationPage = Static<typeof InvitationPageSchema>;

/** user/deliver, user/collect, job/received, talent/list, user/invite, job/invited: a page of one's own. */
export const OwnPageRequestSchema = Type.Object({ ...PageRequest }, PStrict);
export type OwnPageRequest = Static<typeof OwnPageRequestSchema>;
export const SavedJobPageSchema = Paged(JobItemSchema);
export const TalentPageSchema = Paged(SeekerCardSchema);
export type TalentPage = Static<typeof TalentPageSchema>;

/** job/add: an enterprise posts a job; it is open at once and answers as job/show. */
export const JobAddRequestSchema = Type.Object(
  {
    title: PText({ minLength: 1, maxLength: 40 }),
    hid: PId,
    xz: Type.Union([Type.Literal(0), Type.Literal(1)]),
    salary: PText({ minLength: 1, maxLength: 30 }),
    province: Type.String({ pattern: '^[0-9]{6}$' }),
    citys: Type.String({ pattern: '^[0-9]{6}$' }),
    area: RegionCode,
    city_name: PText({ minLength: 1, maxLength: 30 }),
    address: PText({ maxLength: 100 }),
    education: PText({ maxLength: 8 }),
    experience: PText({ maxLength: 20 }),
    headcount: Type.Integer({ minimum: 1, maximum: 999 }),
    description: PText({ minLength: 1, maxLength: 4000 }),
    requirements: PText({ maxLength: 4000 }),
  },
  PStrict,
);
export type JobAddRequest = Static<typeof JobAddRequestSchema>;

/** user/uppass: the current password, then the new one (PRT9's rules). */
export const PasswordChangeRequestSchema = Type.Object(
  { old: PText({ minLength: 1, maxLength: 128 }), password: PText({ minLength: 1, maxLength: 128 }) },
  PStrict,
);
export type PasswordChangeRequest = Static<typeof PasswordChangeRequestSchema>;

/** talent/invite (`seeker`: the job seeker's uid; `uid` always means one's own, PRT6): an enterprise invites a job seeker of the talent pool to one of its own open jobs. */
export const InviteRequestSchema = Type.Object(
  { seeker: PUid, job_id: PId, note: Type.Optional(PText({ maxLength: 200 })) },
  PStrict,
);
export type InviteRequest = Static<typeof InviteRequestSchema>;
