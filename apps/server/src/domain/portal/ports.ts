import type { PortalActivityRepo } from './activity-ports.ts';
import type { PortalContentRepo } from './content-ports.ts';
import type { PortalPagesRepo } from './pages-ports.ts';

export type {
  ArticleQuery,
  ArticleRow,
  BlockRow,
  CompanyRow,
  ExpertApplicationRow,
  JobGroupRow,
  JobQuery,
  JobRow,
  JobView,
  ResumeRow,
} from './content-ports.ts';

/**
 * The portal's storage port (GUIDE §5.9: the feature owns it; domain/ports.ts only adds it to Repos), assembled
 * from its parts. Implemented by storage/repos/portal.ts on SQLite and PostgreSQL.
 */
export interface PortalRepo extends PortalContentRepo, PortalActivityRepo, PortalPagesRepo {}
