/**
 * The centre pages (PCP1-PCP12): job views, resume views, verification, certification, feedback, privacy, job
 * fair bookings and application status. Part of the portal's storage port (ports.ts); implemented by
 * storage/repos/portal-pages.ts, tables of migration 0013_portal_pages.
 */
import type { ActivityView, Paged } from './activity-ports.ts';
import type { JobView, ResumeRow } from './content-ports.ts';

export interface VerificationRow {
  userID: string;
  name: string;
  idNumber: string;
  status: number;
  createdAt: number;
}

export interface CertificationRow {
  userID: string;
  name: string;
  code: string;
  status: number;
  createdAt: number;
}

export interface FeedbackRow {
  id: string;
  userID: string;
  kind: number;
  content: string;
  contact: string;
  /** 0 received, 1 replied. */
  status: number;
  reply: string;
  /** When the operator replied (seconds), 0 while none (PCP14). */
  repliedAt: number;
  createdAt: number;
}

export interface PrivacyRow {
  userID: string;
  visible: number;
  showName: number;
}

export interface ResumeViewRow {
  companyID: string;
  companyTitle: string;
  viewedAt: number;
}

/** A resume that matched one of the enterprise's open jobs. */
export interface MatchRow extends ResumeRow {
  nick: string;
  jobID: number;
  jobTitle: string;
  showName: number;
}

export interface PortalPagesRepo {
  /** Records (or refreshes the time of) a job seeker's view of a job. */
  viewJob(userID: string, jobID: number, at: number): Promise<void>;
  viewedJobs(userID: string, offset: number, limit: number): Promise<Paged<JobView & { viewedAt: number }>>;
  viewResume(seekerID: string, companyID: string, at: number): Promise<void>;
  resumeViewers(seekerID: string, offset: number, limit: number): Promise<Paged<ResumeViewRow>>;
  verification(userID: string): Promise<VerificationRow | undefined>;
  /** False when the user already has one. */
  addVerification(row: VerificationRow): Promise<boolean>;
  certification(userID: string): Promise<CertificationRow | undefined>;
  /** The account holding a certified code, if any. */
  certificationByCode(code: string): Promise<CertificationRow | undefined>;
  /** Inserts or replaces the user's; false when the code is another account's (the unique key refused it). */
  putCertification(row: CertificationRow): Promise<boolean>;
  addFeedback(row: FeedbackRow): Promise<void>;
  feedback(userID: string, offset: number, limit: number): Promise<Paged<FeedbackRow>>;
  /** Every user's feedback for the operator, newest first; `status` filters (0 open, 1 replied). */
  allFeedback(status: number | undefined, offset: number, limit: number): Promise<Paged<FeedbackRow>>;
  /** Writes (or replaces) the reply, marks the item replied; undefined when there is no such item. */
  replyFeedback(id: string, reply: string, at: number): Promise<FeedbackRow | undefined>;
  /** Undefined: the defaults (visible, name shown). */
  privacy(userID: string): Promise<PrivacyRow | undefined>;
  putPrivacy(row: PrivacyRow): Promise<void>;
  /** Visible complete resumes whose intention contains an open job's title or job group title of the company. */
  matches(companyID: string, offset: number, limit: number): Promise<Paged<MatchRow>>;
  /** Sets an application's status; false when there is no such application of the company. */
  setApplicationStatus(
    key: { jobID: number; seekerID: string; companyID: string },
    status: number,
    at: number,
  ): Promise<boolean>;
  /** Moves the seeker's submitted applications to the company's jobs to viewed. */
  markApplicationsViewed(seekerID: string, companyID: string, at: number): Promise<void>;
  /** Applications with a filter on one job or one (seeker, company) pair, newest first (at most `limit`). */
  applicationsOf(q: { jobID?: number; seekerID?: string; companyID: string }, limit: number): Promise<ActivityView[]>;
  jobFairIDs(companyID: string): Promise<number[]>;
  joinJobFair(companyID: string, articleID: number, at: number): Promise<void>;
  leaveJobFair(companyID: string, articleID: number): Promise<void>;
  /** Open jobs, invitations sent since `since` (seconds), job fairs booked. */
  usage(companyID: string, since: number): Promise<{ openJobs: number; invitations: number; jobFairs: number }>;
}
