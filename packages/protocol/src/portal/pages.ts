import { type Static, Type } from 'typebox';
import { ApplicationItemSchema, SeekerCardSchema } from './activity.ts';
import { ArticleItemSchema } from './content.ts';
import { JobCompanySchema, JobItemSchema } from './job.ts';
import { PId, PStrict, Paged, PageRequest, PText, PUid } from './shared.ts';

/**
 * The centre pages that were empty states (rules PCP1-PCP12, decision 0018): browsing history,
 * who viewed my resume, real-name verification, feedback, enterprise certification, recommended talent, job fairs,
 * the service package, an enterprise's view of one resume and of one of its jobs, and the application status.
 */

/**
 * Application status (投递状态): 0 submitted, 1 viewed, 2 invited to interview, 3 not suitable, 4 hired.
 * The enterprise sets 1-4; opening the applicant's resume from the application moves 0 to 1.
 */
export const APPLICATION_STATUS = { SUBMITTED: 0, VIEWED: 1, INTERVIEW: 2, REJECTED: 3, HIRED: 4 } as const;
export type ApplicationStatus = (typeof APPLICATION_STATUS)[keyof typeof APPLICATION_STATUS];

/** user/viewed: a job the job seeker opened, with when it was last opened. */
export const ViewedJobSchema = Type.Object(
  { ...JobItemSchema.properties, viewed_at: Type.Integer(), open: Type.Union([Type.Literal(0), Type.Literal(1)]) },
  PStrict,
);
export type ViewedJob = Static<typeof ViewedJobSchema>;
export const ViewedJobPageSchema = Paged(ViewedJobSchema);
export type ViewedJobPage = Static<typeof ViewedJobPageSchema>;

/** user/viewers: an enterprise that opened the job seeker's resume (/ushow), last time first. */
export const ResumeViewerSchema = Type.Object({ company: JobCompanySchema, time: Type.Integer() }, PStrict);
export type ResumeViewer = Static<typeof ResumeViewerSchema>;
export const ResumeViewerPageSchema = Paged(ResumeViewerSchema);
export type ResumeViewerPage = Static<typeof ResumeViewerPageSchema>;

/** user/delivershow: one's own application to one job (/user_jobshow?id=<job>). */
export const DeliverShowRequestSchema = Type.Object({ id: PId }, PStrict);
export type DeliverShowRequest = Static<typeof DeliverShowRequestSchema>;

/** Verification status: 1 verified (format, checksum and birth date checked locally; decision 0018). */
export const VerificationSchema = Type.Object(
  {
    name: Type.String(),
    idcard: Type.String({ description: 'masked: first 3 and last 4 characters' }),
    status: Type.Integer(),
    time: Type.Integer(),
  },
  PStrict,
);
export type Verification = Static<typeof VerificationSchema>;
export const VerificationDataSchema = Type.Union([VerificationSchema, Type.Null()]);
export type VerificationData = Static<typeof VerificationDataSchema>;
/** user/verify: name 2-30 characters; the ID number's shape is checked by the server (PCP4) for a clear error. */
export const VerifyRequestSchema = Type.Object(
  { name: PText({ minLength: 1, maxLength: 30 }), idcard: PText({ minLength: 1, maxLength: 18 }) },
  PStrict,
);
export type VerifyRequest = Static<typeof VerifyRequestSchema>;

/** company/certify: the registered name and the unified social credit code (统一社会信用代码). */
export const CertifyRequestSchema = Type.Object(
  { name: PText({ minLength: 1, maxLength: 60 }), code: PText({ minLength: 1, maxLength: 18 }) },
  PStrict,
);
export type CertifyRequest = Static<typeof CertifyRequestSchema>;
export const CertificationSchema = Type.Object(
  { name: Type.String(), code: Type.String(), status: Type.Integer(), time: Type.Integer() },
  PStrict,
);
export type Certification = Static<typeof CertificationSchema>;
export const CertificationDataSchema = Type.Union([CertificationSchema, Type.Null()]);
export type CertificationData = Static<typeof CertificationDataSchema>;

/** Feedback kinds: 1 suggestion, 2 problem, 3 complaint (e.g. a fake job), 4 other. */
export const FEEDBACK_KIND = { SUGGESTION: 1, PROBLEM: 2, COMPLAINT: 3, OTHER: 4 } as const;
export const FeedbackAddRequestSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]),
    content: PText({ minLength: 1, maxLength: 500 }),
    contact: Type.Optional(PText({ maxLength: 50 })),
  },
  PStrict,
);
export type FeedbackAddRequest = Static<typeof FeedbackAddRequestSchema>;
export const FeedbackItemSchema = Type.Object(
  {
    id: Type.String(),
    kind: Type.Integer(),
    content: Type.String(),
    contact: Type.String(),
    status: Type.Integer({ description: '0 received, 1 replied' }),
    reply: Type.String({ description: "the operator's answer (PCP14), '' while none" }),
    reply_time: Type.Integer({ description: 'when it was answered (seconds), 0 while none' }),
    time: Type.Integer(),
  },
  PStrict,
);
export type FeedbackItem = Static<typeof FeedbackItemSchema>;
export const FeedbackPageSchema = Paged(FeedbackItemSchema);
export type FeedbackPage = Static<typeof FeedbackPageSchema>;

/** user/privacy: what the job seeker lets enterprises see. Omitted fields stay; the answer is the whole setting. */
export const PrivacySchema = Type.Object(
  {
    visible: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1: in talent pool and recommendations' }),
    show_name: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0: enterprises see 张** only' }),
  },
  PStrict,
);
export type Privacy = Static<typeof PrivacySchema>;
export const PrivacyRequestSchema = Type.Partial(PrivacySchema, PStrict);
export type PrivacyRequest = Static<typeof PrivacyRequestSchema>;

/** talent/recommend: a job seeker whose intention matches one of the enterprise's open jobs, and which. */
export const RecommendedSeekerSchema = Type.Object(
  { ...SeekerCardSchema.properties, match: Type.Object({ id: Type.Integer(), title: Type.String() }, PStrict) },
  PStrict,
);
export type RecommendedSeeker = Static<typeof RecommendedSeekerSchema>;
export const RecommendPageSchema = Paged(RecommendedSeekerSchema);
export type RecommendPage = Static<typeof RecommendPageSchema>;

/** talent/show (/ushow?uid=): one job seeker's resume as an enterprise may see it, with their applications to it. */
export const TalentShowRequestSchema = Type.Object({ seeker: PUid }, PStrict);
export type TalentShowRequest = Static<typeof TalentShowRequestSchema>;
export const TalentShowSchema = Type.Object(
  { seeker: SeekerCardSchema, intro: Type.String(), applications: Type.Array(ApplicationItemSchema) },
  PStrict,
);
export type TalentShow = Static<typeof TalentShowSchema>;

/** job/mineshow (/jushow?id=): one of the enterprise's own jobs with its applications. */
export const MyJobShowSchema = Type.Object(
  {
    job: Type.Object({ ...JobItemSchema.properties, open: Type.Union([Type.Literal(0), Type.Literal(1)]) }, PStrict),
    applications: Type.Array(ApplicationItemSchema),
  },
  PStrict,
);
export type MyJobShow = Static<typeof MyJobShowSchema>;

/** job/status: the enterprise moves an application to its jobs along. */
export const ApplicationStatusRequestSchema = Type.Object(
  {
    job_id: PId,
    seeker: PUid,
    status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]),
  },
  PStrict,
);
export type ApplicationStatusRequest = Static<typeof ApplicationStatusRequestSchema>;

/** jobfair/list: the job fairs (zp, t 1) with whether the enterprise has booked a booth. */
export const JobFairSchema = Type.Object(
  { ...ArticleItemSchema.properties, joined: Type.Union([Type.Literal(0), Type.Literal(1)]) },
  PStrict,
);
export type JobFair = Static<typeof JobFairSchema>;
export const JobFairPageSchema = Paged(JobFairSchema);
export type JobFairPage = Static<typeof JobFairPageSchema>;
export const JobFairListRequestSchema = Type.Object({ ...PageRequest }, PStrict);
export const JobFairJoinRequestSchema = Type.Object(
  { id: PId, join: Type.Union([Type.Literal(0), Type.Literal(1)]) },
  PStrict,
);
export type JobFairJoinRequest = Static<typeof JobFairJoinRequestSchema>;

/** company/quota: the service package and what is used of it (decision 0018). */
export const QuotaItemSchema = Type.Object(
  { key: Type.String(), used: Type.Integer(), limit: Type.Integer() },
  PStrict,
);
export const QuotaSchema = Type.Object(
  {
    package: Type.String(),
    items: Type.Array(QuotaItemSchema),
    certified: Type.Union([Type.Literal(0), Type.Literal(1)]),
  },
  PStrict,
);
export type Quota = Static<typeof QuotaSchema>;

/** Service package limits (the free package every enterprise has). */
export const PORTAL_QUOTA = { openJobs: 20, invitationsPerMonth: 100, jobFairs: 3 } as const;
