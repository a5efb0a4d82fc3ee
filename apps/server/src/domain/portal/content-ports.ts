/**
 * The portal's own rows (job groups, companies, jobs, articles, blocks, resumes, expert applications) and the
 * repository methods over them. Part of the portal's storage port (ports.ts); implemented by storage/repos/portal.ts.
 */

export interface JobGroupRow {
  id: number;
  title: string;
  sort: number;
}

export interface CompanyRow {
  userID: string;
  title: string;
  intro: string;
  scale: string;
  industry: string;
  address: string;
}

export interface JobRow {
  id: number;
  companyID: string;
  groupID: number;
  title: string;
  /** 0 full-time, 1 part-time. */
  nature: number;
  salary: string;
  province: string;
  citys: string;
  area: string;
  cityName: string;
  address: string;
  education: string;
  experience: string;
  headcount: number;
  description: string;
  requirements: string;
  lng: number;
  lat: number;
  /** 1 open, 0 closed. */
  status: number;
  createdAt: number;
}

/** A job with the names the list shows. */
export interface JobView extends JobRow {
  groupTitle: string;
  companyTitle: string;
}

export interface JobQuery {
  /** Only this enterprise's jobs, open and closed. */
  companyID?: string;
  keyword?: string;
  groupID?: number;
  nature?: number;
  province?: string;
  citys?: string;
  area?: string;
  offset: number;
  limit: number;
}

export interface ArticleRow {
  id: number;
  kind: string;
  sub: number;
  title: string;
  summary: string;
  content: string;
  image: string;
  source: string;
  place: string;
  startsAt: number;
  endsAt: number;
  createdAt: number;
}

export interface ArticleQuery {
  kind: string;
  sub?: number;
  keyword?: string;
  offset: number;
  limit: number;
}

/** A content block (`block`) or a content page (`page`). */
export interface BlockRow {
  id: number;
  kind: 'block' | 'page';
  title: string;
  image: string;
  content: string;
  updatedAt: number;
}

export interface ResumeRow {
  userID: string;
  name: string;
  gender: number;
  birthYear: number;
  education: string;
  citys: string;
  intention: string;
  intro: string;
  updatedAt: number;
}

export interface ExpertApplicationRow {
  userID: string;
  field: string;
  intro: string;
  status: number;
  createdAt: number;
}

export interface PortalContentRepo {
  jobGroups(): Promise<JobGroupRow[]>;
  putJobGroup(row: JobGroupRow): Promise<void>;
  company(userID: string): Promise<CompanyRow | undefined>;
  putCompany(row: CompanyRow): Promise<void>;
  putJob(row: JobRow): Promise<void>;
  job(id: number): Promise<JobView | undefined>;
  /** Open jobs matching the query, newest first, and how many match in all. */
  searchJobs(query: JobQuery): Promise<{ rows: JobView[]; total: number }>;
  putArticle(row: ArticleRow): Promise<void>;
  article(id: number): Promise<ArticleRow | undefined>;
  articles(query: ArticleQuery): Promise<{ rows: ArticleRow[]; total: number }>;
  block(id: number): Promise<BlockRow | undefined>;
  /** Inserts or replaces. */
  putBlock(row: BlockRow): Promise<void>;
  resume(userID: string): Promise<ResumeRow | undefined>;
  /** Inserts or replaces. */
  putResume(row: ResumeRow): Promise<void>;
  expertApplication(userID: string): Promise<ExpertApplicationRow | undefined>;
  /** False when the user already has one. */
  addExpertApplication(row: ExpertApplicationRow): Promise<boolean>;
  /** Number of job groups (the demo seed runs only on an empty portal). */
  countJobGroups(): Promise<number>;
}
