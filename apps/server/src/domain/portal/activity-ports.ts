/**
 * The centres' activity (PRT17-PRT23): applications, invitations, saved jobs, posted jobs and password change.
 * Part of the portal's storage port (ports.ts); implemented by storage/repos/portal-activity.ts.
 */
import type { JobRow, JobView, ResumeRow } from './content-ports.ts';

/** An application (job seeker → job) or an invitation (enterprise → job seeker); one per (job, job seeker). */
export interface ActivityRow {
  jobID: number;
  seekerID: string;
  companyID: string;
  /** The enterprise's note of an invitation; '' for an application. */
  note: string;
  createdAt: number;
}

export type ActivityKind = 'application' | 'invitation';

/** A row with what the lists show: the job and the job seeker's resume (missing fields empty) and nick. */
export interface ActivityView extends ActivityRow {
  jobTitle: string;
  salary: string;
  cityName: string;
  companyTitle: string;
  seekerNick: string;
  resume: ResumeRow | undefined;
  /** PCP10: the application's status and when it last changed (0 on invitations). */
  status: number;
  statusTime: number;
}

export interface ActivityQuery {
  /** Exactly one side: a job seeker's own rows or an enterprise's. */
  seekerID?: string;
  companyID?: string;
  /** Narrows to one job (the row just written). */
  jobID?: number;
  offset: number;
  limit: number;
}

export interface Paged<T> {
  rows: T[];
  total: number;
}

export interface PortalActivityRepo {
  /** False when the pair already has one. */
  addActivity(kind: ActivityKind, row: ActivityRow): Promise<boolean>;
  activities(kind: ActivityKind, query: ActivityQuery): Promise<Paged<ActivityView>>;
  saveJob(userID: string, jobID: number, at: number): Promise<void>;
  unsaveJob(userID: string, jobID: number): Promise<void>;
  /** Saved jobs that still exist, newest save first. */
  savedJobs(userID: string, offset: number, limit: number): Promise<Paged<JobView>>;
  /** Inserts a job with the next free ID and answers it. */
  addJob(row: Omit<JobRow, 'id'>): Promise<number>;
  /** Job seekers whose resume has every field (PRT12 complete), newest update first. */
  talent(offset: number, limit: number): Promise<Paged<ResumeRow & { nick: string; showName: number }>>;
  setPasswordHash(userID: string, hash: string): Promise<void>;
}
