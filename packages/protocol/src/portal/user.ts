import { type Static, Type } from 'typebox';
import { SessionSchema } from '../schemas/auth.ts';
import { PStrict, PText, PUid, PortalIdentity, RegionCode } from './shared.ts';

/** Mainland China mobile number: 11 digits starting 13-19 (rule PRT8). */
export const PORTAL_MOBILE_PATTERN = '^1[3-9][0-9]{9}$';
/** Password strength (rule PRT9): 8-64 characters with at least one letter and one digit, not the mobile. */
export const PORTAL_PASSWORD = { minLength: 8, maxLength: 64 } as const;
/** Display name (person or company): 1-30 characters after trimming (rule PRT10). */
export const PORTAL_NAME_MAX = 30;

/**
 * user/register: a new job seeker (1) or enterprise (2). The answer is the same whether the mobile number was free or
 * already registered (ABU38) and opens no session: the client signs in with `user/login` next.
 */
export const RegisterRequestSchema = Type.Object(
  {
    identity: PortalIdentity,
    mobile: PText({ minLength: 1, maxLength: 32 }),
    password: PText({ minLength: 1, maxLength: 128 }),
    name: PText({ minLength: 1, maxLength: PORTAL_NAME_MAX, description: 'person name (1) or company name (2)' }),
  },
  PStrict,
);
export type RegisterRequest = Static<typeof RegisterRequestSchema>;

/** user/login: mobile + password, for the account kind of the login page (`/login?f=1|2`). */
export const PortalLoginRequestSchema = Type.Object(
  {
    mobile: PText({ minLength: 1, maxLength: 32 }),
    password: PText({ minLength: 1, maxLength: 128 }),
    identity: PortalIdentity,
  },
  PStrict,
);
export type PortalLoginRequest = Static<typeof PortalLoginRequestSchema>;

/**
 * Result of register and login: the same Session as POST /api/v1/auth/login (userSig for the chat SDK), plus
 * what the display cookies hold. The server also sets the HttpOnly session cookie and `userid`/`identity`.
 */
export const PortalLoginDataSchema = Type.Object(
  { uid: Type.String(), identity: Type.Integer(), username: Type.String(), session: SessionSchema },
  PStrict,
);
export type PortalLoginData = Static<typeof PortalLoginDataSchema>;

/** user/usershow: only one's own uid (PRT6). */
export const UserShowRequestSchema = Type.Object({ uid: PUid }, PStrict);
export type UserShowRequest = Static<typeof UserShowRequestSchema>;

export const UserShowDataSchema = Type.Object(
  {
    uid: Type.String(),
    identity: Type.Integer(),
    username: Type.String(),
    mobile: Type.String(),
    /** The enterprise (identity 2); null for a job seeker. */
    qy: Type.Union([Type.Object({ title: Type.String() }, PStrict), Type.Null()]),
    /** 1: the resume is incomplete (the top bar shows the dot-badged 'complete resume' link); 0 otherwise. */
    jl_status: Type.Union([Type.Literal(0), Type.Literal(1)]),
    /** Unread chat messages of the user (the top bar's chat count). */
    read: Type.Integer(),
  },
  PStrict,
);
export type UserShowData = Static<typeof UserShowDataSchema>;

/** Calls on one's own data take an optional `uid`; when given it must be the session's user (PRT6). */
export const OwnRequestSchema = Type.Object({ uid: Type.Optional(PUid) }, PStrict);
export type OwnRequest = Static<typeof OwnRequestSchema>;

export const RESUME_EDUCATION = ['', '初中', '高中', '中专', '大专', '本科', '硕士', '博士'] as const;
/** Resume fields a job seeker fills in; the resume is complete when every one is non-empty (PRT12). */
export const ResumeFieldsSchema = Type.Object(
  {
    name: PText({ maxLength: 30 }),
    gender: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
      description: '0 unset, 1 male, 2 female',
    }),
    birth_year: Type.Integer({ minimum: 0, maximum: 2100, description: '0 unset' }),
    education: PText({ maxLength: 8 }),
    citys: RegionCode,
    intention: PText({ maxLength: 60, description: 'wished position' }),
    intro: PText({ maxLength: 2000 }),
  },
  PStrict,
);
export type ResumeFields = Static<typeof ResumeFieldsSchema>;

/** user/resume: the job seeker's own resume and its status. */
export const ResumeDataSchema = Type.Object(
  {
    uid: Type.String(),
    resume: ResumeFieldsSchema,
    jl_status: Type.Union([Type.Literal(0), Type.Literal(1)]),
    /** Names of the empty fields, in the order above. */
    missing: Type.Array(Type.String()),
    updated_at: Type.Integer(),
  },
  PStrict,
);
export type ResumeData = Static<typeof ResumeDataSchema>;

/** user/resumesave: any subset of the fields; answers the whole resume. */
export const ResumeSaveRequestSchema = Type.Object(
  { uid: Type.Optional(PUid), ...Type.Partial(ResumeFieldsSchema).properties },
  PStrict,
);
export type ResumeSaveRequest = Static<typeof ResumeSaveRequestSchema>;

/** user/applyexpert: a job seeker asks to become an expert (one application per user, PRT13). */
export const ApplyExpertRequestSchema = Type.Object(
  {
    uid: Type.Optional(PUid),
    field: PText({ minLength: 1, maxLength: 30, description: 'field of expertise' }),
    intro: PText({ minLength: 1, maxLength: 1000 }),
  },
  PStrict,
);
export type ApplyExpertRequest = Static<typeof ApplyExpertRequestSchema>;

export const EXPERT_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export const ExpertApplicationSchema = Type.Object(
  {
    uid: Type.String(),
    field: Type.String(),
    intro: Type.String(),
    status: Type.Integer({ description: '0 pending, 1 approved, 2 rejected' }),
    time: Type.Integer(),
  },
  PStrict,
);
export type ExpertApplication = Static<typeof ExpertApplicationSchema>;

/** user/expertapply: the user's own application, or null. */
export const ExpertApplyDataSchema = Type.Object(
  { application: Type.Union([ExpertApplicationSchema, Type.Null()]) },
  PStrict,
);
export type ExpertApplyData = Static<typeof ExpertApplyDataSchema>;
