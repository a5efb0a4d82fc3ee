import {
  GroupIDParamSchema,
  GroupRetentionResultSchema,
  GroupRetentionSchema,
  RETENTION_ROUTES,
} from '@parley/protocol';
import { setGroupRetention } from '../../../domain/retention/actions.ts';
import type { RetentionStore } from '../../../domain/retention/ports.ts';
import type { App } from '../app-type.ts';
import { requireAdmin } from '../auth.ts';

/** RET3: a group's retention override, through the admin API only (x-parley-admin-key). */
export function retentionAdminRoutes(
  app: App,
  store: RetentionStore | undefined,
  defaultDays: number,
  adminKey: string | undefined,
): void {
  if (!store) return;
  app.put(
    RETENTION_ROUTES.adminGroup,
    {
      schema: {
        tags: ['admin'],
        security: [{ adminKey: [] }],
        summary: "Set a group's message retention in days (0 = forever, null = the server's default)",
        params: GroupIDParamSchema,
        body: GroupRetentionSchema,
        response: { 200: GroupRetentionResultSchema },
      },
      preHandler: requireAdmin(adminKey),
    },
    async (request) => setGroupRetention(store, defaultDays, request.params.groupID, request.body.days),
  );
}
