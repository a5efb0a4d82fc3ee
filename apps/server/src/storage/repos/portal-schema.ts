/** Kysely table types of the portal (migration 0006_portal). Booleans are 0/1 integers, times seconds. */
export interface PortalJobGroupsTable {
  id: number;
  title: string;
  sort: number;
}

export interface PortalCompaniesTable {
  user_id: string;
  title: string;
  intro: string;
  scale: string;
  industry: string;
  address: string;
}

export interface PortalJobsTable {
  id: number;
  company_id: string;
  group_id: number;
  title: string;
  nature: number;
  salary: string;
  province: string;
  citys: string;
  area: string;
  city_name: string;
  address: string;
  education: string;
  experience: string;
  headcount: number;
  description: string;
  requirements: string;
  lng: number;
  lat: number;
  status: number;
  created_at: number;
}

export interface PortalArticlesTable {
  id: number;
  kind: string;
  sub: number;
  title: string;
  summary: string;
  content: string;
  image: string;
  source: string;
  place: string;
  starts_at: number;
  ends_at: number;
  created_at: number;
}

export interface PortalBlocksTable {
  id: number;
  kind: string;
  title: string;
  image: string;
  content: string;
  updated_at: number;
}

export interface PortalResumesTable {
  user_id: string;
  name: string;
  gender: number;
  birth_year: number;
  education: string;
  citys: string;
  intention: string;
  intro: string;
  updated_at: number;
}

export interface PortalExpertApplicationsTable {
  user_id: string;
  field: string;
  intro: string;
  status: number;
  created_at: number;
}

export interface PortalTables {
  portal_job_groups: PortalJobGroupsTable;
  portal_companies: PortalCompaniesTable;
  portal_jobs: PortalJobsTable;
  portal_articles: PortalArticlesTable;
  portal_blocks: PortalBlocksTable;
  portal_resumes: PortalResumesTable;
  portal_expert_applications: PortalExpertApplicationsTable;
}
