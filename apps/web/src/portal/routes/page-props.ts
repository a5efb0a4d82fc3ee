import type { RouteMeta } from './route-table.ts';

/** What the route table hands every portal page: its own in its own module, so pages never import the table. */
export interface PageProps {
  route: RouteMeta;
}
