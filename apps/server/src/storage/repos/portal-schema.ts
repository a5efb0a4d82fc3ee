import type { Generated } from 'kysely';
import type { ActivityRow } from '../../domain/portal/activity-ports.ts';
import type { CertificationRow, FeedbackRow, PrivacyRow, VerificationRow } from '../../domain/portal/pages-ports.ts';
import type {
  ArticleRow,
  BlockRow,
  CompanyRow,
  ExpertApplicationRow,
  JobGroupRow,
  JobRow,
  ResumeRow,
} from '../../domain/portal/ports.ts';

/** `companyID` → `company_id`, `birthYear` → `birth_year`: the column names of the domain rows' fields. */
type SnakeKey<S extends string> = S extends `${infer Head}ID`
  ? `${SnakeKey<Head>}_id`
  : S extends `${infer C}${infer Rest}`
    ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeKey<Rest>}`
    : S;

/** A table row typed from its domain row, so the two are written once (booleans are 0/1 integers, times seconds). */
type Snaked<T> = { [K in keyof T & string as SnakeKey<K>]: T[K] };

/** Kysely table types of the portal (migrations 0006_portal, 0009_portal_activity). */
export type PortalJobGroupsTable = Snaked<JobGroupRow>;
export type PortalCompaniesTable = Snaked<CompanyRow>;
export type PortalJobsTable = Snaked<JobRow>;
export type PortalArticlesTable = Snaked<ArticleRow>;
/** `kind` is free text in the database; the repo narrows it to 'block' | 'page'. */
export type PortalBlocksTable = Snaked<Omit<BlockRow, 'kind'>> & { kind: string };
export type PortalResumesTable = Snaked<ResumeRow>;
export type PortalExpertApplicationsTable = Snaked<ExpertApplicationRow>;
/** `status`, `status_time`: migration 0013_portal_pages (PCP10; unused on invitations). */
export type PortalActivityTable = Snaked<ActivityRow> & { status: Generated<number>; status_time: Generated<number> };
export interface PortalSavedJobsTable {
  user_id: string;
  job_id: number;
  created_at: number;
}

// Migration 0013_portal_pages (PCP1-PCP12).
export interface PortalPagesTables {
  portal_job_views: { user_id: string; job_id: number; viewed_at: number };
  portal_resume_views: { seeker_id: string; company_id: string; viewed_at: number };
  portal_verifications: Snaked<VerificationRow>;
  portal_certifications: Snaked<CertificationRow>;
  portal_feedback: Snaked<FeedbackRow>;
  portal_privacy: Snaked<PrivacyRow>;
  portal_jobfair_bookings: { company_id: string; article_id: number; created_at: number };
}

export interface PortalTables extends PortalPagesTables {
  portal_job_groups: PortalJobGroupsTable;
  portal_companies: PortalCompaniesTable;
  portal_jobs: PortalJobsTable;
  portal_articles: PortalArticlesTable;
  portal_blocks: PortalBlocksTable;
  portal_resumes: PortalResumesTable;
  portal_expert_applications: PortalExpertApplicationsTable;
  portal_applications: PortalActivityTable;
  portal_invitations: PortalActivityTable;
  portal_saved_jobs: PortalSavedJobsTable;
}
